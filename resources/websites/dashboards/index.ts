import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import { portalPage } from '../../../src/registry.types';

/** The website protection dashboard at /dcdn/dashboards (issue #18). */
export const wafDashboardsPage = portalPage('dcdn/dashboards', 'dashboards', InsightsOutlinedIcon, () =>
  import('./WafDashboardsPage').then((m) => m.WafDashboardsPage),
);
