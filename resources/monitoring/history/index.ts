import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import { portalResource } from '../../../src/registry.types';
import { HISTORY_RESOURCE } from '../../../dataProviders/monit/monitoring';

/** Alert history at /CMonit/alertHistory: notifications, alarm events, availability records (issue #20). */
export default portalResource(HISTORY_RESOURCE, 'cloudMonit', HistoryOutlinedIcon, undefined, {
  list: () => import('./HistoryPage').then((m) => m.HistoryPage),
});
