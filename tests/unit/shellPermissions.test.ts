import { describe, expect, it } from 'vitest';
import {
  accessForAction,
  allowedLogTabs,
  hasPermission,
  holdsModule,
  isSuperRole,
  landingPage,
  normalizePermissions,
  visibleAreas,
} from '../../common/rules/shell/permissions';

const viewer = [
  'portal:overview:view:*',
  'portal:domain:view:*',
  'portal:log:view:*',
  'portal:log:top:*',
  'portal:log:hit:*',
  'portal:person:operation:*',
];

describe('permission parsing', () => {
  it('ignores $$ entries and blanks', () => {
    expect(normalizePermissions(['portal:domain:view:*', '$$portal:user:operation:*', '', 'a$$b'])).toEqual(['portal:domain:view:*']);
    expect(hasPermission(['$$portal:*'], 'domain', 'view')).toBe(false);
  });

  it('view reads, operation reads and writes, portal:* does everything', () => {
    expect(hasPermission(['portal:domain:view:*'], 'domain', 'view')).toBe(true);
    expect(hasPermission(['portal:domain:view:*'], 'domain', 'operation')).toBe(false);
    expect(hasPermission(['portal:domain:operation:*'], 'domain', 'view')).toBe(true);
    expect(hasPermission(['portal:domain:operation:*'], 'domain', 'operation')).toBe(true);
    expect(hasPermission(['portal:*'], 'cloudMonit', 'operation')).toBe(true);
    expect(hasPermission(['portal:domain:operation:*'], 'certificate', 'view')).toBe(false);
  });

  it('log tabs need their own right, log operation or portal:*', () => {
    expect(hasPermission(viewer, 'log:top')).toBe(true);
    expect(hasPermission(viewer, 'log:client')).toBe(false);
    expect(hasPermission(['portal:log:operation:*'], 'log:distribution')).toBe(true);
    expect(allowedLogTabs(viewer)).toEqual(['top', 'hit']);
    expect(allowedLogTabs(['portal:*'])).toHaveLength(7);
  });

  it('a log tab alone makes the log module visible', () => {
    expect(holdsModule(['portal:log:ip:*'], 'log')).toBe(true);
    expect(holdsModule([], 'log')).toBe(false);
  });

  it('maps react-admin actions to access levels', () => {
    expect(accessForAction('list')).toBe('view');
    expect(accessForAction('show')).toBe('view');
    expect(accessForAction('export')).toBe('view');
    expect(accessForAction('create')).toBe('operation');
    expect(accessForAction('edit')).toBe('operation');
    expect(accessForAction('delete')).toBe('operation');
  });

  it('roles beginning with super see all', () => {
    expect(isSuperRole('superadmin')).toBe(true);
    expect(isSuperRole('super')).toBe(true);
    expect(isSuperRole('customer')).toBe(false);
    expect(isSuperRole(undefined)).toBe(false);
  });
});

describe('landing page and top menu', () => {
  it('chooses the first allowed page in the spec order', () => {
    expect(landingPage(viewer)).toBe('/cdn/newoverview');
    expect(landingPage(['portal:certificate:view:*', 'portal:domain:view:*'])).toBe('/cdn/domain');
    expect(landingPage(['portal:bill:view:*'])).toBe('/page/bill');
    expect(landingPage(['portal:cloudMonit:view:*', 'portal:user:view:*'])).toBe('/CMonit/alertRules');
  });

  it('falls back to /newwelcome when nothing matches', () => {
    expect(landingPage([])).toBe('/newwelcome');
    expect(landingPage(['$$portal:*'])).toBe('/newwelcome');
  });

  it('skips pages this build does not have and can be limited to an area', () => {
    const available = new Set(['/cdn/domain', '/page/user']);
    expect(landingPage(['portal:*'], available)).toBe('/cdn/domain');
    expect(landingPage(['portal:*'], available, 'page')).toBe('/page/user');
    expect(landingPage(['portal:*'], available, 'dcdn')).toBe('/newwelcome');
  });

  it('shows top-menu areas by the modules of spec §2', () => {
    expect(visibleAreas(viewer)).toEqual(['cdn', 'page']);
    expect(visibleAreas(['portal:*'])).toEqual(['cdn', 'dcdn', 'ipP', 'CMonit', 'page']);
    expect(visibleAreas(['portal:imperva:view:*'])).toEqual(['dcdn']);
    expect(visibleAreas([])).toEqual([]);
  });
});
