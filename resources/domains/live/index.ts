import { lazy } from 'react';
import LiveTvOutlinedIcon from '@mui/icons-material/LiveTvOutlined';
import type { PortalResource } from '../../../src/registry.types';

/** Live domains at /cdn/liveDomain (list only; live domains are set up by the provider). */
export default {
  name: 'cdn/liveDomain',
  list: lazy(() => import('./LiveDomainList').then((m) => ({ default: m.LiveDomainList }))),
  icon: LiveTvOutlinedIcon,
  recordRepresentation: 'name',
  options: { module: 'liveDomain', area: 'cdn', label: 'resources.cdn/liveDomain.menu' },
} satisfies PortalResource;
