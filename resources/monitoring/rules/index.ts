import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { portalResource } from '../../../src/registry.types';
import { RULE_RESOURCE } from '../../../dataProviders/monit/monitoring';

/** Alert rules at /CMonit/alertRules (issue #20). */
export default portalResource(RULE_RESOURCE, 'cloudMonit', NotificationsActiveOutlinedIcon, 'name', {
  list: () => import('./RuleList').then((m) => m.RuleList),
  create: () => import('./RuleForms').then((m) => m.RuleCreate),
  edit: () => import('./RuleForms').then((m) => m.RuleEdit),
});
