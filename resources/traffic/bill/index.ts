import { lazy } from 'react';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { PortalPage } from '../../../src/registry.types';

/** Bills (/page/bill): overview, monthly sum and daily detail in yuan; loads on demand. */
export const billPage: PortalPage = {
  path: 'page/bill',
  module: 'bill',
  area: 'page',
  label: 'pages.page/bill.menu',
  icon: ReceiptLongOutlinedIcon,
  component: lazy(() => import('./BillPage')),
};
