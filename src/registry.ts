import type { PortalPage, PortalResource } from './registry.types';
import { PAGE_ORDER } from '../common/rules/shell/permissions';
import subAccounts from '../resources/users/subAccounts';
import users from '../resources/users';
import certificates from '../resources/certificates';
import { userSettingPage } from '../resources/users/settings/userSetting';
import { analysisOffPage, analysisOnPage } from '../resources/traffic/analysis/analysisPages';
import { overviewPage } from '../resources/traffic/overview';
import { serviceInfoPage } from '../resources/traffic/serviceInfo';
import { customRankPage } from '../resources/traffic/ranking';
import { billPage } from '../resources/traffic/bill';
import { linesInfoPage } from '../resources/traffic/lines';
import { logPage } from '../resources/traffic/logs';
import domains from '../resources/domains';
import liveDomains from '../resources/domains/live';
import purgeTasks from '../resources/purge/tasks';
import prefetchTasks from '../resources/purge/prefetchTasks';
import { dirPurgePage, prefetchPage, urlPurgePage } from '../resources/purge/forms';
import vpsHosts from '../resources/hosts';
import dedicatedHosts from '../resources/hosts/dedicated';
import { overviewHostPage } from '../resources/hosts/overview';
import auditLog from '../resources/audit';
import ipProtection, { dcdnIpset } from '../resources/ipProtection';
import { ippDashboardsPage } from '../resources/ipProtection/dashboards';
import websites, { websitePolicies, websiteRules } from '../resources/websites';
import { wafDashboardsPage } from '../resources/websites/dashboards';
import alertContacts, { alertGroupMembers, alertGroups } from '../resources/monitoring/contacts';
import alertRules from '../resources/monitoring/rules';
import alertHistory from '../resources/monitoring/history';

/**
 * Every screen of the portal. A new screen: a folder under resources/ (or src/pages/) and one line here.
 * Sub-resources (records shown inside another resource's screens, subResource()) are listed too.
 */
export const resources: PortalResource[] = [
  domains, liveDomains,
  subAccounts,
  users,
  certificates,
  purgeTasks, prefetchTasks,
  vpsHosts, dedicatedHosts,
  auditLog,
  ipProtection, dcdnIpset,
  websites, websitePolicies, websiteRules,
  alertRules, alertContacts, alertGroups, alertGroupMembers, alertHistory,
];

export const pages: PortalPage[] = [
  userSettingPage,
  analysisOffPage, analysisOnPage,
  overviewPage,
  serviceInfoPage,
  customRankPage,
  billPage,
  linesInfoPage,
  logPage,
  urlPurgePage, dirPurgePage, prefetchPage,
  overviewHostPage,
  ippDashboardsPage,
  wafDashboardsPage,
];

for (const r of resources) {
  if (r.parent && !resources.some((p) => p.name === r.parent && !p.parent)) throw new Error(`Sub-resource '${r.name}' names '${r.parent}', which is not a registered resource`);
}

/** The resources with screens of their own (menu, routes, landing page); sub-resources are not. */
const screens = resources.filter((r) => !r.parent);

/** resource name → permission module, for canAccess (sub-resources included). */
export const resourceModules: Record<string, string> = Object.fromEntries(resources.map((r) => [r.name, r.options.module]));

/** Every path this build serves, for the landing-page choice. */
export const availablePaths: ReadonlySet<string> = new Set([...screens.map((r) => `/${r.name}`), ...pages.map((p) => `/${p.path}`)]);

export interface MenuEntry {
  path: string;
  module: string;
  area: string;
  label: string;
  icon?: PortalPage['icon'];
}

const order = (path: string) => {
  const i = PAGE_ORDER.findIndex((p) => p.path === path);
  return i < 0 ? PAGE_ORDER.length : i;
};

/** Side-menu entries, in the spec's page order. */
export const menuEntries: MenuEntry[] = [
  ...screens.map((r) => ({ path: `/${r.name}`, module: r.options.module, area: r.options.area, label: r.options.label, icon: r.icon })),
  ...pages.map((p) => ({ path: `/${p.path}`, module: p.module, area: p.area, label: p.label, icon: p.icon })),
].sort((a, b) => order(a.path) - order(b.path));
