import type { PortalArea, PortalPage, PortalResource } from './registry.types';
import { PAGE_ORDER } from '../common/rules/shell/permissions';
import domains from '../resources/domains';
import users from '../resources/users';
import certificates from '../resources/certificates';
import traffic from '../resources/traffic';
import purge from '../resources/purge';
import hosts from '../resources/hosts';
import audit from '../resources/audit';
import ipProtection from '../resources/ipProtection';
import websites from '../resources/websites';
import monitoring from '../resources/monitoring';

/**
 * Every area of the portal, in the order of its screens (the menu's order comes from PAGE_ORDER).
 * A new screen: a resource or page in its area's resources/<area>/index.ts; a new area: a folder
 * resources/<area>/ whose index.ts default-exports { resources, pages } (PortalArea), and one line here.
 * Sub-resources (records shown inside another resource's screens, subResource()) are listed too.
 */
const areas: PortalArea[] = [domains, users, certificates, traffic, purge, hosts, audit, ipProtection, websites, monitoring];

export const resources: PortalResource[] = areas.flatMap((a) => a.resources);

export const pages: PortalPage[] = areas.flatMap((a) => a.pages);

for (const r of resources) {
  if (r.parent && !resources.some((p) => p.name === r.parent && !p.parent))
    throw new Error(`Sub-resource '${r.name}' names '${r.parent}', which is not a registered resource`);
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
