/**
 * Permission rules, shared by the browser and the server (pure, no I/O).
 * Strings have the form portal:<module>:<view|operation>:*; portal:* grants everything;
 * log-analysis tabs are portal:log:<tab>:*; entries containing '$$' are ignored.
 */
export type Access = 'view' | 'operation';

export const LOG_TABS = ['top', 'hit', 'client', 'source', 'status', 'ip', 'distribution'] as const;
export type LogTab = (typeof LOG_TABS)[number];

export const ALL = 'portal:*';

/** Drops the ignored '$$' entries and blanks. */
export function normalizePermissions(list: readonly string[] | null | undefined): string[] {
  return (list ?? []).filter((p) => typeof p === 'string' && p.trim() !== '' && !p.includes('$$'));
}

export function permissionString(module: string, access: Access | LogTab): string {
  return `portal:${module}:${access}:*`;
}

/**
 * Whether a permission list grants a module at an access level. A module may be written
 * 'log:<tab>' (the contract's notation for analysis tabs): that needs the tab right, log
 * operation, or portal:*.
 */
export function hasPermission(list: readonly string[], module: string, access: Access = 'view'): boolean {
  const perms = normalizePermissions(list);
  if (perms.includes(ALL)) return true;
  const [base, tab] = module.split(':');
  if (tab) {
    if (perms.includes(permissionString(base, 'operation'))) return true;
    if (access === 'operation') return false;
    return perms.includes(`portal:${base}:${tab}:*`);
  }
  if (perms.includes(permissionString(base, 'operation'))) return true;
  return access === 'view' && perms.includes(permissionString(base, 'view'));
}

/** True when the user holds the module at any level (menu visibility). */
export function holdsModule(list: readonly string[], module: string): boolean {
  if (hasPermission(list, module, 'view')) return true;
  // A log-tab right alone still makes the log area visible.
  if (module === 'log') return LOG_TABS.some((t) => hasPermission(list, `log:${t}`, 'view'));
  return false;
}

export function allowedLogTabs(list: readonly string[]): LogTab[] {
  return LOG_TABS.filter((t) => hasPermission(list, `log:${t}`, 'view'));
}

/** react-admin actions: reading needs view (or operation), writing needs operation. */
export function accessForAction(action: string): Access {
  return ['list', 'show', 'read', 'export'].includes(action) ? 'view' : 'operation';
}

/** Pages in the spec's order (CDN, DCDN, IP protection, cloud monitoring, Page) with their module. */
export const PAGE_ORDER: ReadonlyArray<{ path: string; module: string }> = [
  { path: '/cdn/newoverview', module: 'overview' },
  { path: '/cdn/newserviceinfo', module: 'serviceinfo' },
  { path: '/cdn/domain', module: 'domain' },
  { path: '/cdn/liveDomain', module: 'liveDomain' },
  { path: '/cdn/overviewHost', module: 'cloud' },
  { path: '/cdn/cloudHostList', module: 'cloud' },
  { path: '/cdn/specialHostList', module: 'cloud' },
  { path: '/cdn/newurlPush', module: 'purge' },
  { path: '/cdn/newdirPush', module: 'purge' },
  { path: '/cdn/newsearchTask', module: 'purge' },
  { path: '/cdn/newlog', module: 'log' },
  { path: '/cdn/analysisOff', module: 'log' },
  { path: '/cdn/analysisOn', module: 'log' },
  { path: '/cdn/prefetchTask', module: 'prefetch' },
  { path: '/cdn/prefetch', module: 'prefetch' },
  { path: '/cdn/linesinfo', module: 'linesinfo' },
  { path: '/cdn/customRank', module: 'analysis' },
  { path: '/dcdn/website', module: 'imperva' },
  { path: '/dcdn/ipset', module: 'imperva' },
  { path: '/dcdn/dashboards', module: 'imperva' },
  { path: '/ipP/ipset', module: 'ipP' },
  { path: '/ipP/dashboards', module: 'ipP' },
  { path: '/CMonit/alertRules', module: 'cloudMonit' },
  { path: '/CMonit/alertContact', module: 'cloudMonit' },
  { path: '/CMonit/alertHistory', module: 'cloudMonit' },
  { path: '/page/certificateUpload', module: 'certificate' },
  { path: '/page/user', module: 'user' },
  { path: '/page/usersetting', module: 'person' },
  { path: '/page/userAccount', module: 'account' },
  { path: '/page/bill', module: 'bill' },
  { path: '/page/audit', module: 'audit' },
];

/**
 * The first allowed page in the spec's order, limited to pages this build has;
 * '/newwelcome' when nothing matches. `area` limits the choice to one top-menu area.
 */
export function landingPage(list: readonly string[], available?: ReadonlySet<string>, area?: string): string {
  const hit = PAGE_ORDER.find(
    (p) => (!available || available.has(p.path)) && (!area || p.path.startsWith(`/${area}/`)) && holdsModule(list, p.module),
  );
  return hit ? hit.path : '/newwelcome';
}

export type AreaKey = 'cdn' | 'dcdn' | 'ipP' | 'CMonit' | 'page';

/** The CDN area's modules, in menu order (the top menu's and the permission catalogue's first area). */
export const CDN_MODULES: readonly string[] = [
  'overview',
  'serviceinfo',
  'linesinfo',
  'domain',
  'liveDomain',
  'cloud',
  'purge',
  'prefetch',
  'log',
  'analysis',
];

/** Top-menu items and the modules that make each visible (spec §2). */
export const TOP_MENU: ReadonlyArray<{ area: AreaKey; modules: readonly string[] }> = [
  { area: 'cdn', modules: CDN_MODULES },
  { area: 'dcdn', modules: ['imperva'] },
  { area: 'ipP', modules: ['ipP'] },
  { area: 'CMonit', modules: ['cloudMonit'] },
  { area: 'page', modules: ['certificate', 'user', 'account', 'bill', 'person', 'audit'] },
];

export function visibleAreas(list: readonly string[]): AreaKey[] {
  return TOP_MENU.filter((m) => m.modules.some((mod) => holdsModule(list, mod))).map((m) => m.area);
}

/** Role names beginning with 'super' see every account. */
export function isSuperRole(role: string | null | undefined): boolean {
  return typeof role === 'string' && role.startsWith('super');
}
