import { lazy } from 'react';
import LeaderboardOutlinedIcon from '@mui/icons-material/LeaderboardOutlined';
import type { PortalPage } from '../../../src/registry.types';

/** Domain usage ranking (/cdn/customRank, module analysis); loads on demand. */
export const customRankPage: PortalPage = {
  path: 'cdn/customRank',
  module: 'analysis',
  area: 'cdn',
  label: 'pages.cdn/customRank.menu',
  icon: LeaderboardOutlinedIcon,
  component: lazy(() => import('./CustomRankPage')),
};
