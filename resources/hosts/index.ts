import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import { portalResource, type PortalArea } from '../../src/registry.types';
import dedicatedHosts from './dedicated';
import { overviewHostPage } from './overview';

/** VPS list and details at /cdn/cloudHostList (issue #17). */
const vpsHosts = portalResource('cdn/cloudHostList', 'cloud', DnsOutlinedIcon, 'hostName', {
  list: () => import('./HostList').then((m) => m.VpsHostList),
  show: () => import('./HostShow').then((m) => m.HostShow),
});

/** The hosts area: VPS and dedicated servers, and their overview. */
export default { resources: [vpsHosts, dedicatedHosts], pages: [overviewHostPage] } satisfies PortalArea;
