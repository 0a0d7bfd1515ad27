import type { PortalPage, PortalResource } from './registry.types';
import { PAGE_ORDER } from '../common/rules/permissions';
import subAccounts from '../resources/subAccounts';
import users from '../resources/users';
import certificates from '../resources/certificates';
import { userSettingPage } from './pages/page/userSetting';
import { analysisOffPage, analysisOnPage } from './pages/cdn/analysisPages';
import { overviewPage } from './pages/cdn/overview';
import { serviceInfoPage } from './pages/cdn/serviceInfo';
import { customRankPage } from './pages/cdn/ranking';
import { billPage } from './pages/page/bill';
import { linesInfoPage } from './pages/cdn/lines';
import { logPage } from './pages/cdn/log';
import domains from '../resources/domains';
import liveDomains from '../resources/liveDomains';
import purgeTasks from '../resources/purgeTasks';
import prefetchTasks from '../resources/prefetchTasks';
import { dirPurgePage, prefetchPage, urlPurgePage } from './pages/cdn/purge';
import vpsHosts from '../resources/vpsHosts';
import dedicatedHosts from '../resources/dedicatedHosts';
import { overviewHostPage } from './pages/cdn/overviewHost';
import auditLog from '../resources/auditLog';
import ipProtection, { dcdnIpset } from '../resources/ipProtection';
import { ippDashboardsPage } from './pages/ipP';
import websites, { websitePolicies, websiteRules } from '../resources/websites';
import { wafDashboardsPage } from './pages/dcdn/dashboards';
import alertContacts, { alertGroupMembers, alertGroups } from '../resources/alertContacts';
import alertRules from '../resources/alertRules';
import alertHistory from '../resources/alertHistory';

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
