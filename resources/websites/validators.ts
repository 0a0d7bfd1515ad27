import { validateOriginAddress, validateRemark, validateWebsiteDomain, type WebsiteMessageKey } from '../../src/lib/websiteRules';

/** react-admin validators of the website form: the shared rules, messages from portal.websites.messages. */
const message = (key: WebsiteMessageKey | null) => (key ? `portal.websites.messages.${key}` : undefined);

export const validateDomainInput = (v: string) => message(validateWebsiteDomain(v));
export const validateOriginInput = (v: string) => message(validateOriginAddress(v));
export const validateRemarkInput = (v: string) => message(validateRemark(v));
export const validateWeightInput = (v: unknown) => {
  if (v === null || v === undefined || v === '') return message('wafCannotBeEmpty');
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 && n <= 100 ? undefined : message('wafRangeError');
};

/** Form-level rule: weighted load balancing needs weights adding up to 100; single takes one origin. */
export function validateWebsiteForm(values: Record<string, unknown>): Record<string, string> {
  const origins = Array.isArray(values.origins) ? (values.origins as Array<{ weight?: unknown }>) : [];
  const errors: Record<string, string> = {};
  if (!origins.length) errors.origins = message('wafCannotBeEmpty')!;
  else if (values.originType === 'single' && origins.length > 1) errors.origins = message('wafOriginsSingle')!;
  else if (values.originType === 'multiple' && values.lbMode === 'weighted') {
    const sum = origins.reduce((s, o) => s + (Number(o.weight) || 0), 0);
    if (sum !== 100) errors.origins = message('wafWeightsSum')!;
  }
  return errors;
}
