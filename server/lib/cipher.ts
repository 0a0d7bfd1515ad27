import crypto from 'node:crypto';

/**
 * The contract's payload cipher on the server side (node:crypto): AES-128-ECB/PKCS7 with the
 * 16-character key, DES-ECB with its first 8 characters; base64 text on the wire.
 * It is obfuscation required by the wire contract, not security.
 */
export interface PortalCipher {
  aesEncrypt(plain: string): string;
  aesDecrypt(b64: string): string;
  desEncrypt(plain: string): string;
  desDecrypt(b64: string): string;
  /** AES of JSON.stringify(value). */
  encryptJson(value: unknown): string;
  decryptJson<T>(b64: string): T;
}

function run(algorithm: string, key: Buffer, input: Buffer, encrypt: boolean): Buffer {
  const c = encrypt ? crypto.createCipheriv(algorithm, key, null) : crypto.createDecipheriv(algorithm, key, null);
  return Buffer.concat([c.update(input), c.final()]);
}

export function createCipher(key: string): PortalCipher {
  const aesKey = Buffer.from(key, 'utf8');
  // OpenSSL 3 drops single DES; triple DES with K|K|K is exactly single DES with K.
  const des8 = Buffer.from(key.slice(0, 8), 'utf8');
  const desKey = Buffer.concat([des8, des8, des8]);
  const api: PortalCipher = {
    aesEncrypt: (plain) => run('aes-128-ecb', aesKey, Buffer.from(plain, 'utf8'), true).toString('base64'),
    aesDecrypt: (b64) => run('aes-128-ecb', aesKey, Buffer.from(b64, 'base64'), false).toString('utf8'),
    desEncrypt: (plain) => run('des-ede3-ecb', desKey, Buffer.from(plain, 'utf8'), true).toString('base64'),
    desDecrypt: (b64) => run('des-ede3-ecb', desKey, Buffer.from(b64, 'base64'), false).toString('utf8'),
    encryptJson: (value) => api.aesEncrypt(JSON.stringify(value)),
    decryptJson: <T>(b64: string) => JSON.parse(api.aesDecrypt(b64)) as T,
  };
  return api;
}
