import { lazy } from 'react';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import type { PortalPage } from '../../../src/registry.types';

/** Lines (/cdn/linesinfo): the line map, each line's bandwidth and statistics; loads on demand. */
export const linesInfoPage: PortalPage = {
  path: 'cdn/linesinfo',
  module: 'linesinfo',
  area: 'cdn',
  label: 'pages.cdn/linesinfo.menu',
  icon: HubOutlinedIcon,
  component: lazy(() => import('./LinesPage')),
};
