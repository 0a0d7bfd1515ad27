import { useCanOperate } from '../../src/auth/useCanOperate';
import type { Domain } from '../../common/wire/domains';
import { ADDABLE_DOMAIN_TYPES } from '../../common/rules/domains/index';

/** Resource name = route path (spec §2). */
export const DOMAIN_RESOURCE = 'cdn/domain';

/** i18n key of a field label. */
export const fieldLabel = (field: string) => `resources.${DOMAIN_RESOURCE}.fields.${field}`;

/** i18n key of an enumerated value (type, scope, status, ...). */
export const valueLabel = (group: string, value: string | number | boolean) => `resources.cdn/domain.values.${group}.${String(value)}`;

/** react-admin choices for a value group; names are i18n keys (translated by the inputs). */
export function choicesOf<T extends string | number>(group: string, values: readonly T[]) {
  return values.map((id) => ({ id, name: valueLabel(group, id) }));
}

/**
 * Why edit, rollback and the scheduling view are refused (spec §4): while configuring or disabled.
 * Frozen domains are the provider's to change.
 */
export function configBlock(d: Pick<Domain, 'operationState' | 'status'>): 'configuring' | 'disabled' | 'frozen' | null {
  if (d.operationState === 'configuring') return 'configuring';
  if (d.status === 'freeze') return 'frozen';
  if (d.status === 'off') return 'disabled';
  return null;
}

/** The form edits download, vod and static domains; live domains are the provider's to set up. */
export const isFormType = (d: Pick<Domain, 'type'>) => (ADDABLE_DOMAIN_TYPES as readonly string[]).includes(d.type);

/** Enable/disable is refused while configuring; a frozen domain only provider staff may enable. */
export function statusBlock(d: Pick<Domain, 'operationState' | 'status'>, staff = false): 'configuring' | 'frozen' | null {
  if (d.operationState === 'configuring') return 'configuring';
  return d.status === 'freeze' && !staff ? 'frozen' : null;
}

/** The notification for a refused action (the spec's one message for configuring and disabled). */
export function blockMessage(reason: 'configuring' | 'disabled' | 'frozen'): string {
  return reason === 'frozen' ? 'resources.cdn/domain.notifications.frozen' : 'resources.cdn/domain.notifications.configuringBlocked';
}

/** Write buttons show only with portal:domain:operation (the server checks again). */
export const useCanOperateDomains = (): boolean => useCanOperate(DOMAIN_RESOURCE);
