import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import { portalPage } from '../../../src/registry.types';

/** IP protection dashboards at /ipP/dashboards: traffic statistics and alarm history (issue #19). */
export const ippDashboardsPage = portalPage('ipP/dashboards', 'ipP', InsightsOutlinedIcon, () =>
  import('./IppDashboardsPage').then((m) => m.IppDashboardsPage),
);
