import { lazy } from 'react';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import type { PortalPage } from '../../../src/registry.types';

/** Overview (/cdn/newoverview): bandwidth, traffic, requests, hit rate and top domains; loads on demand. */
export const overviewPage: PortalPage = {
  path: 'cdn/newoverview',
  module: 'overview',
  area: 'cdn',
  label: 'pages.cdn/newoverview.menu',
  icon: DashboardOutlinedIcon,
  component: lazy(() => import('./OverviewPage')),
};
