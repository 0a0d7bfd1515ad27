import { lazy } from 'react';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import type { PortalResource } from '../../src/registry.types';

/** VPS list and details at /cdn/cloudHostList (issue #17). */
export default {
  name: 'cdn/cloudHostList',
  list: lazy(() => import('./HostList').then((m) => ({ default: m.VpsHostList }))),
  show: lazy(() => import('./HostShow').then((m) => ({ default: m.HostShow }))),
  icon: DnsOutlinedIcon,
  recordRepresentation: 'hostName',
  options: { module: 'cloud', area: 'cdn', label: 'resources.cdn/cloudHostList.menu' },
} satisfies PortalResource;
