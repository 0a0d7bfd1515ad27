import { lazy } from 'react';
import DashboardCustomizeOutlinedIcon from '@mui/icons-material/DashboardCustomizeOutlined';
import type { PortalPage } from '../../../src/registry.types';

/** Host overview at /cdn/overviewHost (issue #17). */
export const overviewHostPage: PortalPage = {
  path: 'cdn/overviewHost',
  module: 'cloud',
  area: 'cdn',
  label: 'pages.cdn/overviewHost.menu',
  icon: DashboardCustomizeOutlinedIcon,
  component: lazy(() => import('./OverviewHostPage').then((m) => ({ default: m.OverviewHostPage }))),
};
