import { lazy } from 'react';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import type { PortalResource } from '../../../src/registry.types';
import { RULE_RESOURCE } from '../../../dataProviders/monit/monitoring';

/** Alert rules at /CMonit/alertRules (issue #20). */
export default {
  name: RULE_RESOURCE,
  list: lazy(() => import('./RuleList').then((m) => ({ default: m.RuleList }))),
  create: lazy(() => import('./RuleForms').then((m) => ({ default: m.RuleCreate }))),
  edit: lazy(() => import('./RuleForms').then((m) => ({ default: m.RuleEdit }))),
  icon: NotificationsActiveOutlinedIcon,
  recordRepresentation: 'name',
  options: { module: 'cloudMonit', area: 'CMonit', label: 'resources.CMonit/alertRules.menu' },
} satisfies PortalResource;
