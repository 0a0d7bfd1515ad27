import { lazy } from 'react';
import LanguageIcon from '@mui/icons-material/Language';
import type { PortalArea, PortalResource } from '../../src/registry.types';
import { DOMAIN_RESOURCE } from './domainUi';
import liveDomains from './live';

/** Accelerated domains at /cdn/domain; views load on demand. */
const domains = {
  name: DOMAIN_RESOURCE,
  list: lazy(() => import('./DomainList').then((m) => ({ default: m.DomainList }))),
  create: lazy(() => import('./DomainCreate').then((m) => ({ default: m.DomainCreate }))),
  edit: lazy(() => import('./DomainEdit').then((m) => ({ default: m.DomainEdit }))),
  show: lazy(() => import('./show/DomainShow').then((m) => ({ default: m.DomainShow }))),
  icon: LanguageIcon,
  recordRepresentation: 'name',
  options: { module: 'domain', area: 'cdn', label: 'resources.cdn/domain.menu' },
} satisfies PortalResource;

/** The domains area: accelerated and live domains. */
export default { resources: [domains, liveDomains], pages: [] } satisfies PortalArea;
