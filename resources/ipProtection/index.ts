import SecurityOutlinedIcon from '@mui/icons-material/SecurityOutlined';
import { portalResource, type PortalArea } from '../../src/registry.types';
import { ippDashboardsPage } from './dashboards';

/** Protected IPs at /ipP/ipset: list, add, edit (issue #19). */
const ipProtection = portalResource('ipP/ipset', 'ipP', SecurityOutlinedIcon, 'originIp', {
  list: () => import('./IppList').then((m) => m.IppList),
  create: () => import('./IppCreate').then((m) => m.IppCreate),
  edit: () => import('./IppEdit').then((m) => m.IppEdit),
});

/** The same list in the protection area, /dcdn/ipset (adding and editing happen at /ipP/ipset). */
const dcdnIpset = portalResource('dcdn/ipset', 'ipP', SecurityOutlinedIcon, 'originIp', {
  list: () => import('./IppList').then((m) => m.DcdnIppList),
});

export default { resources: [ipProtection, dcdnIpset], pages: [ippDashboardsPage] } satisfies PortalArea;
