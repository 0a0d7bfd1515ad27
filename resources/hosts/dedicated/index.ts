import { lazy } from 'react';
import StorageOutlinedIcon from '@mui/icons-material/StorageOutlined';
import type { PortalResource } from '../../../src/registry.types';

/** Dedicated-server list and details at /cdn/specialHostList (issue #17); views shared with resources/vpsHosts. */
export default {
  name: 'cdn/specialHostList',
  list: lazy(() => import('./DedicatedHostList').then((m) => ({ default: m.DedicatedHostList }))),
  show: lazy(() => import('../HostShow').then((m) => ({ default: m.HostShow }))),
  icon: StorageOutlinedIcon,
  recordRepresentation: 'hostName',
  options: { module: 'cloud', area: 'cdn', label: 'resources.cdn/specialHostList.menu' },
} satisfies PortalResource;
