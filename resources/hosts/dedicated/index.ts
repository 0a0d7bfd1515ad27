import StorageOutlinedIcon from '@mui/icons-material/StorageOutlined';
import { portalResource } from '../../../src/registry.types';

/** Dedicated-server list and details at /cdn/specialHostList (issue #17); views shared with resources/vpsHosts. */
export default portalResource('cdn/specialHostList', 'cloud', StorageOutlinedIcon, 'hostName', {
  list: () => import('./DedicatedHostList').then((m) => m.DedicatedHostList),
  show: () => import('../HostShow').then((m) => m.HostShow),
});
