import { lazy } from 'react';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import type { PortalArea, PortalResource } from '../../src/registry.types';
import dedicatedHosts from './dedicated';
import { overviewHostPage } from './overview';

/** VPS list and details at /cdn/cloudHostList (issue #17). */
const vpsHosts = {
  name: 'cdn/cloudHostList',
  list: lazy(() => import('./HostList').then((m) => ({ default: m.VpsHostList }))),
  show: lazy(() => import('./HostShow').then((m) => ({ default: m.HostShow }))),
  icon: DnsOutlinedIcon,
  recordRepresentation: 'hostName',
  options: { module: 'cloud', area: 'cdn', label: 'resources.cdn/cloudHostList.menu' },
} satisfies PortalResource;

/** The hosts area: VPS and dedicated servers, and their overview. */
export default { resources: [vpsHosts, dedicatedHosts], pages: [overviewHostPage] } satisfies PortalArea;
