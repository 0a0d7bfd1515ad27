import { lazy } from 'react';
import HistoryEduOutlinedIcon from '@mui/icons-material/HistoryEduOutlined';
import type { PortalArea, PortalResource } from '../../src/registry.types';

/** Audit log at /page/audit (issue #22): every write through the API, with its changes. */
const auditLog = {
  name: 'page/audit',
  list: lazy(() => import('./AuditList').then((m) => ({ default: m.AuditList }))),
  icon: HistoryEduOutlinedIcon,
  options: { module: 'audit', area: 'page', label: 'resources.page/audit.menu' },
} satisfies PortalResource;

export default { resources: [auditLog], pages: [] } satisfies PortalArea;
