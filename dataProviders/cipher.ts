import CryptoJS from 'crypto-js/core';
import AES from 'crypto-js/aes';
import 'crypto-js/tripledes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';

// crypto-js/tripledes registers DES on the shared core object.
const DES = CryptoJS.DES;

declare global {
  interface Window {
    __PORTAL_CONFIG__?: { cipherKey?: string };
  }
}

const DEFAULT_KEY = 'CdnPortalKey2026';

/** The key the server injected into the page at serve time (PORTAL_CIPHER_KEY). */
export function cipherKey(): string {
  return (typeof window !== 'undefined' && window.__PORTAL_CONFIG__?.cipherKey) || DEFAULT_KEY;
}

const opts = { mode: ECB, padding: Pkcs7 };

/** AES-128-ECB/PKCS7, base64 (password on sign-in, encrypted payloads and replies). */
export function aesEncrypt(plain: string, key = cipherKey()): string {
  return AES.encrypt(plain, Utf8.parse(key), opts).toString();
}

export function aesDecrypt(b64: string, key = cipherKey()): string {
  return AES.decrypt(b64, Utf8.parse(key), opts).toString(Utf8);
}

/** DES-ECB with the key's first 8 characters (overview and service-info payloads). */
export function desEncrypt(plain: string, key = cipherKey()): string {
  return DES.encrypt(plain, Utf8.parse(key.slice(0, 8)), opts).toString();
}

export function desDecrypt(b64: string, key = cipherKey()): string {
  return DES.decrypt(b64, Utf8.parse(key.slice(0, 8)), opts).toString(Utf8);
}

export const encryptJson = (value: unknown) => aesEncrypt(JSON.stringify(value));
export const decryptJson = <T>(b64: string): T => JSON.parse(aesDecrypt(b64)) as T;
