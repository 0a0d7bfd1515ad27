import { lazy } from 'react';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import type { PortalPage } from '../../../src/registry.types';

/** The website protection dashboard at /dcdn/dashboards (issue #18). */
export const wafDashboardsPage: PortalPage = {
  path: 'dcdn/dashboards',
  module: 'dashboards',
  area: 'dcdn',
  label: 'pages.dcdn/dashboards.menu',
  icon: InsightsOutlinedIcon,
  component: lazy(() => import('./WafDashboardsPage').then((m) => ({ default: m.WafDashboardsPage }))),
};
