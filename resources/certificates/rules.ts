/**
 * Client-side certificate rules (pure): they mirror the server's checks (server/lib/x509.ts) so the
 * form answers at once; the server decides. Messages are i18n keys.
 */
import type { TreeNode } from '../../src/auth/userInfo';

export { nameCovers, namesCover } from '../../common/rules/domains/formats';

/** Certificates expiring within this many days are shown in the warning colour (spec §9: 30 days). */
export const EXPIRY_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

export type ExpiryState = 'valid' | 'expiring' | 'expired';

/** Expiry state and whole days left (negative once expired). */
export function expiryOf(expireTime: string, now = Date.now()): { state: ExpiryState; days: number } {
  const left = Date.parse(expireTime) - now;
  const days = left >= 0 ? Math.floor(left / DAY_MS) : -Math.floor(-left / DAY_MS);
  if (left <= 0) return { state: 'expired', days };
  return { state: left <= EXPIRY_WARNING_DAYS * DAY_MS ? 'expiring' : 'valid', days };
}

/** MUI palette colour of an expiry state. */
export const expiryColor = (state: ExpiryState) => (state === 'expired' ? 'error' : state === 'expiring' ? 'warning' : 'success');

const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;
const KEY_BLOCK = /-----BEGIN ((?:RSA |EC |ENCRYPTED )?PRIVATE KEY)-----[\s\S]*?-----END \1-----/;

export const M = {
  required: 'resources.page/certificateUpload.validation.required',
  format: 'resources.page/certificateUpload.validation.format',
  encryptedKey: 'resources.page/certificateUpload.validation.encryptedKey',
  nameTooLong: 'resources.page/certificateUpload.validation.nameTooLong',
  shareAccount: 'resources.page/certificateUpload.validation.shareAccount',
  renewBoth: 'resources.page/certificateUpload.validation.renewBoth',
} as const;

/** PEM chain: only CERTIFICATE blocks, at least one ('Format error' otherwise). */
export function certificatePemError(value: string | undefined | null): string | undefined {
  const text = (value ?? '').replace(/\r\n?/g, '\n').trim();
  if (!text) return M.required;
  const blocks = text.match(CERT_BLOCK) ?? [];
  if (!blocks.length || text.replace(CERT_BLOCK, '').trim()) return M.format;
  return undefined;
}

/** PEM private key: one unencrypted PRIVATE KEY block. */
export function privateKeyPemError(value: string | undefined | null): string | undefined {
  const text = (value ?? '').replace(/\r\n?/g, '\n').trim();
  if (!text) return M.required;
  const m = KEY_BLOCK.exec(text);
  if (!m || text.replace(m[0], '').trim()) return M.format;
  if (m[1] === 'ENCRYPTED PRIVATE KEY') return M.encryptedKey;
  return undefined;
}

export function nameError(value: string | undefined | null): string | undefined {
  const n = (value ?? '').trim();
  if (!n) return M.required;
  if (n.length > 64) return M.nameTooLong;
  return undefined;
}

/** Sharing needs at least one account. */
export function shareError(share: boolean | undefined, accounts: readonly string[] | undefined): string | undefined {
  return share && !(accounts ?? []).length ? M.shareAccount : undefined;
}

/** Number of certificates in a PEM chain (for the form's hint). */
export const countCertificates = (pem: string | undefined) => (pem ?? '').match(CERT_BLOCK)?.length ?? 0;

/** The account tree of the user info as flat choices ('Acme Video (acme_video)'), indented by depth. */
export function accountChoices(tree: readonly TreeNode[] | undefined): Array<{ id: string; name: string }> {
  const out: Array<{ id: string; name: string }> = [];
  const walk = (nodes: readonly TreeNode[], depth: number) =>
    nodes.forEach((n) => {
      out.push({ id: n.value, name: `${'\u2003'.repeat(depth)}${n.title} (${n.value})` });
      walk(n.children ?? [], depth + 1);
    });
  walk(tree ?? [], 0);
  return out;
}
