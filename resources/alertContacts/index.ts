import { lazy } from 'react';
import ContactMailOutlinedIcon from '@mui/icons-material/ContactMailOutlined';
import type { PortalResource } from '../../src/registry.types';
import { CONTACT_RESOURCE } from '../../dataProviders/monit/monit';

/** Alert contacts and contact groups at /CMonit/alertContact (issue #20). */
export default {
  name: CONTACT_RESOURCE,
  list: lazy(() => import('./ContactList').then((m) => ({ default: m.ContactList }))),
  create: lazy(() => import('./ContactForms').then((m) => ({ default: m.ContactCreate }))),
  edit: lazy(() => import('./ContactForms').then((m) => ({ default: m.ContactEdit }))),
  icon: ContactMailOutlinedIcon,
  recordRepresentation: 'name',
  options: { module: 'cloudMonit', area: 'CMonit', label: 'resources.CMonit/alertContact.menu' },
} satisfies PortalResource;
