import { lazy } from 'react';
import ReceiptOutlinedIcon from '@mui/icons-material/ReceiptOutlined';
import type { PortalPage } from '../../../src/registry.types';

/** Logs (/cdn/newlog): raw access-log search and download; loads on demand. */
export const logPage: PortalPage = {
  path: 'cdn/newlog',
  module: 'log',
  area: 'cdn',
  label: 'pages.cdn/newlog.menu',
  icon: ReceiptOutlinedIcon,
  component: lazy(() => import('./LogPage')),
};
