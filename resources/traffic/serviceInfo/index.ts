import { lazy } from 'react';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import type { PortalPage } from '../../../src/registry.types';

/** Service info (/cdn/newserviceinfo): the account's services and domains; loads on demand. */
export const serviceInfoPage: PortalPage = {
  path: 'cdn/newserviceinfo',
  module: 'serviceinfo',
  area: 'cdn',
  label: 'pages.cdn/newserviceinfo.menu',
  icon: InfoOutlinedIcon,
  component: lazy(() => import('./ServiceInfoPage')),
};
