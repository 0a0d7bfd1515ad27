import { describe, expect, it } from 'vitest';
import {
  CATALOG_MODULES,
  PERMISSION_AREAS,
  canGrant,
  emptySelection,
  grantableLevels,
  grantablePermissions,
  grantableTabs,
  isKnownPermission,
  limitSelection,
  parsePermission,
  permissionsToSelection,
  selectionToPermissions,
  summarizePermissions,
  ungrantable,
} from '../../common/rules/shell/permissionCatalog';
import { TOP_MENU } from '../../common/rules/shell/permissions';

const VIEWER = [
  'portal:overview:view:*',
  'portal:domain:view:*',
  'portal:certificate:view:*',
  'portal:log:view:*',
  'portal:log:top:*',
  'portal:log:hit:*',
  'portal:person:operation:*',
  'portal:user:operation:*',
];

describe('catalogue', () => {
  it('groups every module of the architecture by area, each once', () => {
    expect(PERMISSION_AREAS.map((a) => a.area)).toEqual(['cdn', 'imperva', 'ipP', 'cloudMonit', 'account']);
    expect(CATALOG_MODULES).toHaveLength(new Set(CATALOG_MODULES).size);
    // Every module of the top menu and the three API modules.
    for (const m of [...TOP_MENU.flatMap((a) => a.modules), 'logApi', 'prefetchApi', 'apiOpen']) {
      expect(CATALOG_MODULES).toContain(m);
    }
  });

  it('parses module rights, log tabs and portal:*, and nothing else', () => {
    expect(parsePermission('portal:domain:view:*')).toEqual({ kind: 'module', module: 'domain', access: 'view' });
    expect(parsePermission('portal:log:top:*')).toEqual({ kind: 'logTab', tab: 'top' });
    expect(parsePermission('portal:*')).toEqual({ kind: 'all' });
    for (const bad of [
      'portal:nothing:view:*',
      'portal:domain:write:*',
      'portal:domain:top:*',
      'portal:log:top',
      'domain',
      '',
      'portal:$$:view:*',
    ]) {
      expect(isKnownPermission(bad)).toBe(false);
    }
  });
});

describe('selection ↔ strings', () => {
  it('turns a selection into portal:<module>:<level>:* strings in catalogue order', () => {
    const sel = {
      all: false,
      modules: { domain: 'view', overview: 'operation', user: 'none', log: 'view' },
      logTabs: ['hit', 'top'],
    } as const;
    expect(selectionToPermissions({ ...sel, modules: { ...sel.modules }, logTabs: [...sel.logTabs] })).toEqual([
      'portal:overview:operation:*',
      'portal:domain:view:*',
      'portal:log:view:*',
      'portal:log:top:*',
      'portal:log:hit:*',
    ]);
  });

  it('leaves out log tabs implied by log operation, and portal:* stands alone', () => {
    expect(selectionToPermissions({ all: false, modules: { log: 'operation' }, logTabs: ['top'] })).toEqual(['portal:log:operation:*']);
    expect(selectionToPermissions({ all: true, modules: { domain: 'view' }, logTabs: [] })).toEqual(['portal:*']);
    expect(selectionToPermissions(emptySelection())).toEqual([]);
  });

  it('reads strings back, keeping the higher level and dropping unknown and $$ entries', () => {
    const sel = permissionsToSelection([
      'portal:domain:view:*',
      'portal:domain:operation:*',
      'portal:log:distribution:*',
      'portal:log:top:*',
      'portal:x:view:*',
      'portal:$$bill:view:*',
    ]);
    expect(sel).toEqual({ all: false, modules: { domain: 'operation' }, logTabs: ['top', 'distribution'] });
    expect(selectionToPermissions(permissionsToSelection(VIEWER))).toEqual(VIEWER.slice().sort((a, b) => order(a) - order(b)));
  });
});

const order = (s: string) => {
  const list = ['overview', 'domain', 'log', 'certificate', 'user', 'person'];
  const [, m, lvl] = s.split(':');
  return list.indexOf(m) * 10 + (['view', 'operation'].includes(lvl) ? 0 : 1);
};

describe('grant limit', () => {
  it('a holder of portal:* may grant everything, including portal:*', () => {
    expect(canGrant(['portal:*'], 'portal:*')).toBe(true);
    expect(grantablePermissions(['portal:*'])).toContain('portal:*');
    expect(grantablePermissions(['portal:*'])).toContain('portal:cloudMonit:operation:*');
  });

  it('operation covers view; view alone does not allow operation; portal:* needs portal:*', () => {
    const granter = ['portal:domain:operation:*', 'portal:certificate:view:*'];
    expect(grantableLevels(granter, 'domain')).toEqual(['none', 'view', 'operation']);
    expect(grantableLevels(granter, 'certificate')).toEqual(['none', 'view']);
    expect(grantableLevels(granter, 'bill')).toEqual(['none']);
    expect(canGrant(granter, 'portal:*')).toBe(false);
    expect(canGrant(granter, 'portal:nothing:view:*')).toBe(false);
  });

  it('log tabs are grantable with the tab itself or with log operation', () => {
    expect(grantableTabs(VIEWER)).toEqual(['top', 'hit']);
    expect(grantableTabs(['portal:log:operation:*'])).toHaveLength(7);
    expect(grantableTabs(['portal:log:view:*'])).toEqual([]);
  });

  it('lists what may not be granted, but rights the target already holds are no grant', () => {
    expect(ungrantable(VIEWER, ['portal:domain:view:*', 'portal:domain:operation:*', 'portal:log:ip:*'])).toEqual([
      'portal:domain:operation:*',
      'portal:log:ip:*',
    ]);
    expect(ungrantable(VIEWER, ['portal:domain:operation:*'], ['portal:domain:operation:*'])).toEqual([]);
  });

  it("limits a selection to what the granter holds, keeping the target's previous rights", () => {
    const wanted = { all: true, modules: { domain: 'operation', bill: 'view', overview: 'view' }, logTabs: ['top', 'ip'] } as PermissionSel;
    expect(limitSelection(wanted, VIEWER)).toEqual({ all: false, modules: { domain: 'view', overview: 'view' }, logTabs: ['top'] });
    const previous = { all: false, modules: { bill: 'view' }, logTabs: ['ip'] } as PermissionSel;
    expect(limitSelection(wanted, VIEWER, previous)).toEqual({
      all: false,
      modules: { domain: 'view', bill: 'view', overview: 'view' },
      logTabs: ['top', 'ip'],
    });
  });

  it('summarises a list for the user table', () => {
    expect(summarizePermissions(VIEWER)).toEqual({
      all: false,
      view: ['overview', 'domain', 'log', 'certificate'],
      operation: ['user', 'person'],
      logTabs: ['top', 'hit'],
    });
    expect(summarizePermissions(['portal:*']).all).toBe(true);
  });
});

type PermissionSel = Parameters<typeof limitSelection>[0];
