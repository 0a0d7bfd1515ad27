import type { Validator } from 'react-admin';
import { companyRule, emailRule, identityRule, type SubAccountRule } from '../../../common/rules/users/subAccounts';

/** react-admin validators over the shared rules; each failure is an i18n key. */
const toValidator =
  (rule: (v: string | null | undefined) => SubAccountRule | null): Validator =>
  (value: unknown) => {
    const broken = rule(typeof value === 'string' ? value : value == null ? '' : String(value));
    return broken ? `resources.page/userAccount.rules.${broken}` : undefined;
  };

export const validateIdentity = toValidator(identityRule);
export const validateCompany = toValidator(companyRule);
export const validateEmail = toValidator(emailRule);
