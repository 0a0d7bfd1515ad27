import { lazy } from 'react';
import ContactMailOutlinedIcon from '@mui/icons-material/ContactMailOutlined';
import { subResource, type PortalResource } from '../../../src/registry.types';
import { CONTACT_RESOURCE, GROUP_MEMBER_RESOURCE, GROUP_RESOURCE } from '../../../dataProviders/monit/monitoring';

/** Alert contacts and contact groups at /CMonit/alertContact (issue #20). */
const alertContacts = {
  name: CONTACT_RESOURCE,
  list: lazy(() => import('./ContactList').then((m) => ({ default: m.ContactList }))),
  create: lazy(() => import('./ContactForms').then((m) => ({ default: m.ContactCreate }))),
  edit: lazy(() => import('./ContactForms').then((m) => ({ default: m.ContactEdit }))),
  icon: ContactMailOutlinedIcon,
  recordRepresentation: 'name',
  options: { module: 'cloudMonit', area: 'CMonit', label: 'resources.CMonit/alertContact.menu' },
} satisfies PortalResource;
export default alertContacts;

/** A contact group's members: a sub-resource shown in the groups table (ReferenceManyField by 'groupId'). */
export const alertGroupMembers = subResource(alertContacts, GROUP_MEMBER_RESOURCE, 'resources.CMonit/alertContact.groups.fields.members', {
  recordRepresentation: 'name',
});

/**
 * The contact groups: a sub-resource of the contacts screen, which lists them with a List of their own
 * (getList/getOne/create/update/delete on the /monit/group/* calls); no route, no menu entry.
 */
export const alertGroups = subResource(alertContacts, GROUP_RESOURCE, 'resources.CMonit/alertContact.contacts.groupsTitle', {
  recordRepresentation: 'name',
});
