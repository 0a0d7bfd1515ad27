import { validateOriginAddress, validateRemark, validateWebsiteDomain, type WebsiteMessageKey } from '../../common/rules/websites/index';

/** react-admin validators of the website form: the shared rules, messages from resources.dcdn/website.messages. */
const message = (key: WebsiteMessageKey | null) => (key ? `resources.dcdn/website.messages.${key}` : undefined);

export const validateDomainInput = (v: string) => message(validateWebsiteDomain(v));
export const validateOriginInput = (v: string) => message(validateOriginAddress(v));
export const validateRemarkInput = (v: string) => message(validateRemark(v));
export const validateWeightInput = (v: unknown) => {
  if (v === null || v === undefined || v === '') return message('wafCannotBeEmpty');
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 && n <= 100 ? undefined : message('wafRangeError');
};

/**
 * The origins as a whole (validator of the ArrayInput; react-hook-form takes either form-level or
 * input-level validation, so this rule sits on the array): at least one, one for a single origin,
 * weights adding up to 100 for weighted load balancing.
 */
export function validateOriginsInput(value: unknown, values: Record<string, unknown>): string | undefined {
  const origins = Array.isArray(value) ? (value as Array<{ weight?: unknown }>) : [];
  if (!origins.length) return message('wafCannotBeEmpty');
  if (values.originType === 'single' && origins.length > 1) return message('wafOriginsSingle');
  if (values.originType === 'multiple' && values.lbMode === 'weighted') {
    const sum = origins.reduce((s, o) => s + (Number(o.weight) || 0), 0);
    if (sum !== 100) return message('wafWeightsSum');
  }
  return undefined;
}
