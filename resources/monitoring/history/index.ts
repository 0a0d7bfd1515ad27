import { lazy } from 'react';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import type { PortalResource } from '../../../src/registry.types';
import { HISTORY_RESOURCE } from '../../../dataProviders/monit/monitoring';

/** Alert history at /CMonit/alertHistory: notifications, alarm events, availability records (issue #20). */
export default {
  name: HISTORY_RESOURCE,
  list: lazy(() => import('./HistoryPage').then((m) => ({ default: m.HistoryPage }))),
  icon: HistoryOutlinedIcon,
  options: { module: 'cloudMonit', area: 'CMonit', label: 'resources.CMonit/alertHistory.menu' },
} satisfies PortalResource;
