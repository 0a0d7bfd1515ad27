import ContactMailOutlinedIcon from '@mui/icons-material/ContactMailOutlined';
import { portalResource, subResource } from '../../../src/registry.types';
import { CONTACT_RESOURCE, GROUP_MEMBER_RESOURCE, GROUP_RESOURCE } from '../../../dataProviders/monit/monitoring';

/** Alert contacts and contact groups at /CMonit/alertContact (issue #20). */
const alertContacts = portalResource(CONTACT_RESOURCE, 'cloudMonit', ContactMailOutlinedIcon, 'name', {
  list: () => import('./ContactList').then((m) => m.ContactList),
  create: () => import('./ContactForms').then((m) => m.ContactCreate),
  edit: () => import('./ContactForms').then((m) => m.ContactEdit),
});
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
