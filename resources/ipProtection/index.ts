import { lazy } from 'react';
import SecurityOutlinedIcon from '@mui/icons-material/SecurityOutlined';
import type { PortalArea, PortalResource } from '../../src/registry.types';
import { ippDashboardsPage } from './dashboards';

/** Protected IPs at /ipP/ipset: list, add, edit (issue #19). */
const ipProtection = {
  name: 'ipP/ipset',
  list: lazy(() => import('./IppList').then((m) => ({ default: m.IppList }))),
  create: lazy(() => import('./IppCreate').then((m) => ({ default: m.IppCreate }))),
  edit: lazy(() => import('./IppEdit').then((m) => ({ default: m.IppEdit }))),
  icon: SecurityOutlinedIcon,
  recordRepresentation: 'originIp',
  options: { module: 'ipP', area: 'ipP', label: 'resources.ipP/ipset.menu' },
} satisfies PortalResource;

/** The same list in the protection area, /dcdn/ipset (adding and editing happen at /ipP/ipset). */
const dcdnIpset = {
  name: 'dcdn/ipset',
  list: lazy(() => import('./IppList').then((m) => ({ default: m.DcdnIppList }))),
  icon: SecurityOutlinedIcon,
  recordRepresentation: 'originIp',
  options: { module: 'ipP', area: 'dcdn', label: 'resources.dcdn/ipset.menu' },
} satisfies PortalResource;

export default { resources: [ipProtection, dcdnIpset], pages: [ippDashboardsPage] } satisfies PortalArea;
