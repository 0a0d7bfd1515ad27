import LanguageIcon from '@mui/icons-material/Language';
import { portalResource, type PortalArea } from '../../src/registry.types';
import { DOMAIN_RESOURCE } from './domainUi';
import liveDomains from './live';

/** Accelerated domains at /cdn/domain; views load on demand. */
const domains = portalResource(DOMAIN_RESOURCE, 'domain', LanguageIcon, 'name', {
  list: () => import('./DomainList').then((m) => m.DomainList),
  create: () => import('./DomainCreate').then((m) => m.DomainCreate),
  edit: () => import('./DomainEdit').then((m) => m.DomainEdit),
  show: () => import('./show/DomainShow').then((m) => m.DomainShow),
});

/** The domains area: accelerated and live domains. */
export default { resources: [domains, liveDomains], pages: [] } satisfies PortalArea;
