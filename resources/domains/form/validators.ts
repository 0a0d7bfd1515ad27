import type { Validator } from 'react-admin';
import type { DomainFieldError, DomainInput } from '../../../common/wire/domains';
import { validateDomainInput } from '../../../common/rules/domains/index';
import type { DomainMessageKey } from '../../../common/rules/domains/messages';
import { toDomainInput, type DomainFormValues } from './formValues';

/** i18n key of a rule message (i18n/<lang>/domains.ts spreads the catalogue under domainRules). */
export const ruleMessageKey = (key: DomainMessageKey | string) => `resources.cdn/domain.rules.${key}`;

/** A rule error as react-admin's validation message ({message, args} is translated by the input). */
export function ruleError(e: Pick<DomainFieldError, 'message' | 'args'>) {
  return { message: ruleMessageKey(e.message), args: e.args ?? {} };
}

/**
 * Every field's validator runs the same whole-form check on submit; the last result is reused while
 * the values are unchanged (compared by content: react-hook-form mutates its values object).
 */
let last: { key: string; errors: DomainFieldError[] } | null = null;
function errorsOf(values: Partial<DomainFormValues>): DomainFieldError[] {
  const key = JSON.stringify(values);
  if (last && last.key === key) return last.errors;
  const errors = validateDomainInput(toDomainInput(values));
  last = { key, errors };
  return errors;
}

interface InputProps {
  finalSource?: string;
  source?: string;
}

/**
 * A react-admin validator backed by common/rules/domainRules.ts: runs the shared rules over the whole
 * form (cross-field rules such as duplicate origins and conflicting cache rules need it) and
 * returns the first message for this input's field path ('origins.1.port', 'cacheRules.0.value').
 * `field` overrides the path for inputs that carry a group's message (e.g. the origin list itself).
 */
export function domainRule(field?: string): Validator {
  return (_value: unknown, values: Partial<DomainFormValues>, props?: InputProps) => {
    const path = field ?? props?.finalSource ?? props?.source;
    if (!path || !values) return undefined;
    const hit = errorsOf(values).find((e) => e.field === path);
    return hit ? ruleError(hit) : undefined;
  };
}

/** Server field errors (reply data of a refused add/update) → react-admin submission errors. */
export function submissionErrors(errors: DomainFieldError[], translate: (key: string, options?: object) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    if (!(e.field in out)) out[e.field] = translate(ruleMessageKey(e.message), { _: e.message, ...(e.args ?? {}) });
  }
  return out;
}

export const isDomainFieldErrors = (data: unknown): data is DomainFieldError[] =>
  Array.isArray(data) && data.every((e) => e && typeof e === 'object' && typeof (e as DomainFieldError).field === 'string');

export type { DomainInput };
