import crypto from 'node:crypto';
import type { PortalConfig } from '../config';

/**
 * Encryption at rest of certificate private keys: AES-256-GCM with a 32-byte key derived by scrypt
 * from a secret and a fixed salt: PortalConfig.keySecret, PORTAL_KEY_SECRET when set (recommended in
 * production: keep it out of the client build), otherwise PORTAL_CIPHER_KEY.
 * Changing the secret makes stored keys unreadable (downloads of the key then fail).
 * Stored form: 'v1:' + base64(iv[12] | tag[16] | ciphertext).
 */
export interface KeyVault {
  seal(plain: string): string;
  open(sealed: string): string;
}

const SALT = 'cdn-portal/certificate-private-keys/v1';
const AAD = Buffer.from('certificate-private-key');

export function createKeyVault(secret: string): KeyVault {
  const key = crypto.scryptSync(secret, SALT, 32);
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(AAD);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return 'v1:' + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith('v1:')) throw new Error('unknown key format');
      const raw = Buffer.from(sealed.slice(3), 'base64');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(AAD);
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

// One derivation per secret (scrypt is deliberately slow); a cache, not request state.
const vaults = new Map<string, KeyVault>();

export function keyVaultFor(config: Pick<PortalConfig, 'keySecret'>): KeyVault {
  const secret = config.keySecret;
  const digest = crypto.createHash('sha256').update(secret).digest('hex');
  let vault = vaults.get(digest);
  if (!vault) {
    vault = createKeyVault(secret);
    vaults.set(digest, vault);
  }
  return vault;
}
