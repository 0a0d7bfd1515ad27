import { describe, expect, it } from 'vitest';
import { aesDecrypt, aesEncrypt, decryptJson, desDecrypt, desEncrypt, encryptJson } from '../../dataProviders/cipher';
import { createCipher } from '../../server/lib/cipher';

const KEY = 'CdnPortalKey2026';
const server = createCipher(KEY);

describe('cipher: crypto-js in the browser against node:crypto on the server', () => {
  it('AES-128-ECB/PKCS7 produces the same base64 on both sides', () => {
    for (const text of ['Acme@2026', '', '中文 payload with ümlauts', 'x'.repeat(33)]) {
      expect(aesEncrypt(text, KEY)).toBe(server.aesEncrypt(text));
      expect(server.aesDecrypt(aesEncrypt(text, KEY))).toBe(text);
      expect(aesDecrypt(server.aesEncrypt(text), KEY)).toBe(text);
    }
  });

  it('DES-ECB uses the first 8 characters of the key on both sides', () => {
    const payload = JSON.stringify({ account: 'acme', startTime: '2026-11-01 00:00:00' });
    expect(desEncrypt(payload, KEY)).toBe(server.desEncrypt(payload));
    expect(server.desDecrypt(desEncrypt(payload, KEY))).toBe(payload);
    expect(desDecrypt(server.desEncrypt(payload), KEY)).toBe(payload);
    // Only the first 8 characters matter for DES.
    expect(createCipher('CdnPortaXXXXXXXX').desEncrypt(payload)).toBe(server.desEncrypt(payload));
  });

  it('JSON helpers round-trip objects', () => {
    const value = { domainMap: { acme: ['www.acme-media.com'] }, providerMap: { 'cdn-a': 'Line A' } };
    expect(decryptJson(server.encryptJson(value))).toEqual(value);
    expect(server.decryptJson(encryptJson(value))).toEqual(value);
  });

  it('a different key does not decrypt', () => {
    const other = createCipher('AnotherKey123456');
    expect(() => other.aesDecrypt(server.aesEncrypt('secret text'))).toThrow();
  });
});
