import HistoryEduOutlinedIcon from '@mui/icons-material/HistoryEduOutlined';
import { portalResource, type PortalArea } from '../../src/registry.types';

/** Audit log at /page/audit (issue #22): every write through the API, with its changes. */
const auditLog = portalResource('page/audit', 'audit', HistoryEduOutlinedIcon, undefined, {
  list: () => import('./AuditList').then((m) => m.AuditList),
});

export default { resources: [auditLog], pages: [] } satisfies PortalArea;
