import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../shell/formats';

/**
 * Sub-account (domain group) rules of configuration spec §5, pure so that the browser's validators
 * and the server's checks are the same code. Each rule answers null or the name of the broken rule.
 */
export const IDENTITY_MAX_LENGTH = 64;
export const COMPANY_MAX_LENGTH = 100;

export const IDENTITY_PATTERN = /^[A-Za-z0-9_]+$/;

export type SubAccountRule =
  'identityRequired' | 'identityFormat' | 'identityTooLong' | 'companyRequired' | 'companyTooLong' | 'emailRequired' | 'emailFormat';

export function identityRule(value: string | null | undefined): SubAccountRule | null {
  const v = (value ?? '').trim();
  if (!v) return 'identityRequired';
  if (v.length > IDENTITY_MAX_LENGTH) return 'identityTooLong';
  if (!IDENTITY_PATTERN.test(v)) return 'identityFormat';
  return null;
}

export function companyRule(value: string | null | undefined): SubAccountRule | null {
  const v = (value ?? '').trim();
  if (!v) return 'companyRequired';
  if (v.length > COMPANY_MAX_LENGTH) return 'companyTooLong';
  return null;
}

export function emailRule(value: string | null | undefined): SubAccountRule | null {
  const v = (value ?? '').trim();
  if (!v) return 'emailRequired';
  if (v.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(v)) return 'emailFormat';
  return null;
}
