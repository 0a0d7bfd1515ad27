import { lazy } from 'react';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import type { PortalPage } from '../../../src/registry.types';

/** IP protection dashboards at /ipP/dashboards: traffic statistics and alarm history (issue #19). */
export const ippDashboardsPage: PortalPage = {
  path: 'ipP/dashboards',
  module: 'ipP',
  area: 'ipP',
  label: 'pages.ipP/dashboards.menu',
  icon: InsightsOutlinedIcon,
  component: lazy(() => import('./IppDashboardsPage').then((m) => ({ default: m.IppDashboardsPage }))),
};
