import type { Validator } from 'react-admin';
import { PASSWORD_MIN_LENGTH, passwordStrongEnough } from '../../common/rules/users/password';
import { isKnownPermission } from '../../common/rules/shell/permissionCatalog';
import { USERNAME_PATTERN, EMAIL_PATTERN } from '../../common/rules/shell/formats';

/**
 * The server's sub-user rules (server/routes/shiro/userRules.ts), mirrored for instant feedback;
 * each failure is an i18n key under resources.page/user.rules. The server stays the judge.
 */

const key = (rule: string) => `resources.page/user.rules.${rule}`;
const asText = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

export const validateUsername: Validator = (value) => {
  const v = asText(value).trim();
  if (!v) return key('usernameRequired');
  if (!USERNAME_PATTERN.test(v)) return key('usernameFormat');
  return undefined;
};

export const validateEmail: Validator = (value) => {
  const v = asText(value).trim();
  if (!v) return key('emailRequired');
  if (v.length > 254 || !EMAIL_PATTERN.test(v)) return key('emailFormat');
  return undefined;
};

/** Create: required. Edit: empty keeps the current password. */
export const passwordValidator =
  (required: boolean): Validator =>
  (value) => {
    const v = asText(value);
    if (!v) return required ? key('passwordRequired') : undefined;
    if (v.length < PASSWORD_MIN_LENGTH) return key('passwordLength');
    if (!passwordStrongEnough(v)) return key('passwordPattern');
    return undefined;
  };

export const validatePermissions: Validator = (value) => {
  const list = Array.isArray(value) ? (value as unknown[]).filter((p): p is string => typeof p === 'string' && isKnownPermission(p)) : [];
  return list.length ? undefined : key('permissionRequired');
};

/** Character classes present (upper, lower, digit, other), for the strength hint. */
export function passwordClasses(password: string): number {
  return [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
}
