import { lazy } from 'react';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import type { PortalPage } from '../../../src/registry.types';

/** Personal settings (/page/usersetting); the page loads on demand. */
export const userSettingPage: PortalPage = {
  path: 'page/usersetting',
  module: 'person',
  area: 'page',
  label: 'pages.page/usersetting.menu',
  icon: AccountCircleOutlinedIcon,
  component: lazy(() => import('./UserSettingPage').then((m) => ({ default: m.UserSettingPage }))),
};
