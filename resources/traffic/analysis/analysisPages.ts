import { lazy } from 'react';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import TimelineOutlinedIcon from '@mui/icons-material/TimelineOutlined';
import type { PortalPage } from '../../../src/registry.types';

/** Traffic analysis, offline (/cdn/analysisOff); the page and its charts load on demand. A log-tab right alone opens it. */
export const analysisOffPage: PortalPage = {
  path: 'cdn/analysisOff',
  module: 'log',
  anyRight: true,
  area: 'cdn',
  label: 'pages.cdn/analysisOff.menu',
  icon: InsightsOutlinedIcon,
  component: lazy(() => import('./AnalysisOffPage')),
};

/** Real-time traffic analysis (/cdn/analysisOn). */
export const analysisOnPage: PortalPage = {
  path: 'cdn/analysisOn',
  module: 'log',
  anyRight: true,
  area: 'cdn',
  label: 'pages.cdn/analysisOn.menu',
  icon: TimelineOutlinedIcon,
  component: lazy(() => import('./AnalysisOnPage')),
};
