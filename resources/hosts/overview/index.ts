import DashboardCustomizeOutlinedIcon from '@mui/icons-material/DashboardCustomizeOutlined';
import { portalPage } from '../../../src/registry.types';

/** Host overview at /cdn/overviewHost (issue #17). */
export const overviewHostPage = portalPage('cdn/overviewHost', 'cloud', DashboardCustomizeOutlinedIcon, () =>
  import('./OverviewHostPage').then((m) => m.OverviewHostPage),
);
