import type { PortalArea } from '../../src/registry.types';
import alertRules from './rules';
import alertContacts, { alertGroupMembers, alertGroups } from './contacts';
import alertHistory from './history';

/** The monitoring area: alert rules, contacts (with their groups) and the alert history. */
export default { resources: [alertRules, alertContacts, alertGroups, alertGroupMembers, alertHistory], pages: [] } satisfies PortalArea;
