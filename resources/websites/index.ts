import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import { portalResource, subResource, type PortalArea } from '../../src/registry.types';
import { WEBSITE_POLICY_RESOURCE, WEBSITE_RESOURCE, WEBSITE_RULE_RESOURCE } from '../../dataProviders/impapi/websites';
import { websiteRoutes } from './routes';
import { wafDashboardsPage } from './dashboards';

/**
 * Protected websites (DCDN, issue #18) at /dcdn/website; policies and rules are listed in the edit view, added and edited on their own
 * pages (routes.tsx).
 */
const websites = {
  ...portalResource(WEBSITE_RESOURCE, 'website', ShieldOutlinedIcon, 'domain', {
    list: () => import('./WebsiteList').then((m) => m.WebsiteList),
    create: () => import('./WebsiteCreate').then((m) => m.WebsiteCreate),
    edit: () => import('./WebsiteEdit').then((m) => m.WebsiteEdit),
  }),
  children: websiteRoutes,
};

/** A website's policies and rules: sub-resources listed in its edit view (ReferenceManyField by 'websiteId'). */
const websitePolicies = subResource(websites, WEBSITE_POLICY_RESOURCE, 'resources.dcdn/website.policies', { recordRepresentation: 'name' });
const websiteRules = subResource(websites, WEBSITE_RULE_RESOURCE, 'resources.dcdn/website.rules', { recordRepresentation: 'name' });

export default { resources: [websites, websitePolicies, websiteRules], pages: [wafDashboardsPage] } satisfies PortalArea;
