/**
 * The catalogue of grantable rights, shared by the permission picker and the server (pure, no I/O).
 * A selection (module → none / read-only / operable, plus individual log tabs) turns into
 * portal:<module>:<view|operation>:* strings and back; the grantable part is limited to what the
 * granting user holds itself.
 */
import { ALL, CDN_MODULES, LOG_TABS, hasPermission, normalizePermissions, permissionString, type Access, type LogTab } from './permissions';

export type Level = 'none' | Access;
export const LEVELS: readonly Level[] = ['none', 'view', 'operation'];

export type PermissionAreaKey = 'cdn' | 'imperva' | 'ipP' | 'cloudMonit' | 'account';

/** Modules grouped by product area, in menu order. */
export const PERMISSION_AREAS: ReadonlyArray<{ area: PermissionAreaKey; modules: readonly string[] }> = [
  { area: 'cdn', modules: CDN_MODULES },
  { area: 'imperva', modules: ['imperva'] },
  { area: 'ipP', modules: ['ipP'] },
  { area: 'cloudMonit', modules: ['cloudMonit'] },
  { area: 'account', modules: ['certificate', 'user', 'account', 'person', 'bill', 'logApi', 'prefetchApi', 'apiOpen', 'audit'] },
];

export const CATALOG_MODULES: readonly string[] = PERMISSION_AREAS.flatMap((a) => a.modules);
const MODULE_SET = new Set(CATALOG_MODULES);

export interface PermissionSelection {
  /** portal:* (everything); only holders of portal:* can grant it. */
  all: boolean;
  /** Level per catalogue module; a missing module means none. */
  modules: Record<string, Level>;
  /** Log-analysis tabs granted individually (implied by log operation). */
  logTabs: LogTab[];
}

export const emptySelection = (): PermissionSelection => ({ all: false, modules: {}, logTabs: [] });

export type ParsedPermission = { kind: 'all' } | { kind: 'module'; module: string; access: Access } | { kind: 'logTab'; tab: LogTab };

/** Reads one string of the catalogue; null for anything else (unknown module, wrong shape). */
export function parsePermission(value: string): ParsedPermission | null {
  if (value === ALL) return { kind: 'all' };
  const m = /^portal:([A-Za-z]+):([A-Za-z]+):\*$/.exec(value);
  if (!m) return null;
  const [, module, access] = m;
  if (!MODULE_SET.has(module)) return null;
  if (access === 'view' || access === 'operation') return { kind: 'module', module, access };
  if (module === 'log' && (LOG_TABS as readonly string[]).includes(access)) return { kind: 'logTab', tab: access as LogTab };
  return null;
}

export const isKnownPermission = (value: string): boolean => parsePermission(value) !== null;

/** A selection as permission strings, sorted in catalogue order (log tabs implied by log operation are left out). */
export function selectionToPermissions(sel: PermissionSelection): string[] {
  if (sel.all) return [ALL];
  const out: string[] = [];
  for (const module of CATALOG_MODULES) {
    const level = sel.modules[module] ?? 'none';
    if (level !== 'none') out.push(permissionString(module, level));
    if (module === 'log' && level !== 'operation') {
      for (const tab of LOG_TABS) if (sel.logTabs.includes(tab)) out.push(`portal:log:${tab}:*`);
    }
  }
  return out;
}

/** Permission strings as a selection; unknown and '$$' entries are dropped. */
export function permissionsToSelection(list: readonly string[] | null | undefined): PermissionSelection {
  const sel = emptySelection();
  for (const value of normalizePermissions(list)) {
    const p = parsePermission(value);
    if (!p) continue;
    if (p.kind === 'all') sel.all = true;
    else if (p.kind === 'logTab') {
      if (!sel.logTabs.includes(p.tab)) sel.logTabs.push(p.tab);
    } else if (sel.modules[p.module] !== 'operation') sel.modules[p.module] = p.access;
  }
  sel.logTabs = LOG_TABS.filter((t) => sel.logTabs.includes(t));
  return sel;
}

/** Whether a user holding `granter` may grant this one string (never more than it holds itself). */
export function canGrant(granter: readonly string[], value: string): boolean {
  const p = parsePermission(value);
  if (!p) return false;
  if (p.kind === 'all') return normalizePermissions(granter).includes(ALL);
  if (p.kind === 'logTab') return hasPermission(granter, `log:${p.tab}`, 'view');
  return hasPermission(granter, p.module, p.access);
}

/** Levels of a module the granter may give: none always, then read-only and operable if held. */
export function grantableLevels(granter: readonly string[], module: string): Level[] {
  return LEVELS.filter((l) => l === 'none' || canGrant(granter, permissionString(module, l)));
}

export const grantableTabs = (granter: readonly string[]): LogTab[] => LOG_TABS.filter((t) => canGrant(granter, `portal:log:${t}:*`));

/** Every string the granter may give, in catalogue order. */
export function grantablePermissions(granter: readonly string[]): string[] {
  const out: string[] = [];
  if (canGrant(granter, ALL)) out.push(ALL);
  for (const module of CATALOG_MODULES) {
    for (const level of ['view', 'operation'] as const) {
      const s = permissionString(module, level);
      if (canGrant(granter, s)) out.push(s);
    }
    if (module === 'log') for (const t of grantableTabs(granter)) out.push(`portal:log:${t}:*`);
  }
  return out;
}

/**
 * The strings of `requested` that the granter may not give. Rights the target already holds
 * (`kept`) are not a grant, so a limited granter can leave them in place (or remove them).
 */
export function ungrantable(granter: readonly string[], requested: readonly string[], kept: readonly string[] = []): string[] {
  const keep = new Set(kept);
  return requested.filter((p) => !keep.has(p) && !canGrant(granter, p));
}

/**
 * Limits a selection to what the granter may give; where a module's level is not grantable, the
 * target's previous level (if any) stays, otherwise the module falls back to the highest grantable level below.
 */
export function limitSelection(
  sel: PermissionSelection,
  granter: readonly string[],
  previous: PermissionSelection = emptySelection(),
): PermissionSelection {
  const out = emptySelection();
  out.all = sel.all && (canGrant(granter, ALL) || previous.all);
  for (const module of CATALOG_MODULES) {
    const level = sel.modules[module] ?? 'none';
    if (level === 'none') continue;
    const allowed = grantableLevels(granter, module);
    if (allowed.includes(level) || previous.modules[module] === level) out.modules[module] = level;
    else if (level === 'operation' && allowed.includes('view')) out.modules[module] = 'view';
  }
  const tabs = grantableTabs(granter);
  out.logTabs = sel.logTabs.filter((t) => tabs.includes(t) || previous.logTabs.includes(t));
  return out;
}

/** Short summary for lists: counts of read-only and operable modules (portal:* → all). */
export function summarizePermissions(list: readonly string[] | null | undefined): {
  all: boolean;
  view: string[];
  operation: string[];
  logTabs: LogTab[];
} {
  const sel = permissionsToSelection(list);
  const view: string[] = [];
  const operation: string[] = [];
  for (const module of CATALOG_MODULES) {
    const level = sel.modules[module];
    if (level === 'view') view.push(module);
    if (level === 'operation') operation.push(module);
  }
  return { all: sel.all, view, operation, logTabs: sel.logTabs };
}
