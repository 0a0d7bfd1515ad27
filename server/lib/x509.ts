import crypto, { X509Certificate, type KeyObject } from 'node:crypto';
import { fail } from './envelope';
import { normaliseDomain } from '../../common/rules/domains/formats';

export { nameCovers, namesCover, normaliseDomain } from '../../common/rules/domains/formats';

/** What the portal keeps about an uploaded certificate (all read from the leaf, brand from its issuer). */
export interface CertificateFacts {
  commonName: string;
  /** Lower-case SAN DNS names; the common name when the certificate has no SAN. */
  dnsNames: string[];
  issuerOrganization: string;
  issuerDepartment: string;
  issuerCountry: string;
  issuerCommonName: string;
  brand: string;
  serial: string;
  signatureAlgorithm: string;
  keyAlgorithm: string;
  awardedTime: Date;
  expireTime: Date;
}

export interface ParsedUpload {
  facts: CertificateFacts;
  /** The chain as canonical PEM blocks, leaf first. */
  chainPem: string;
  /** The private key as uploaded (trimmed, LF line ends). */
  keyPem: string;
}

/** Minimum remaining validity of an uploaded certificate (spec §9). */
export const MIN_VALIDITY_DAYS = 30;
const DAY_MS = 86_400_000;
/** Clock skew tolerated on the start of validity. */
const SKEW_MS = 5 * 60_000;

const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;
const KEY_BLOCK = /-----BEGIN ((?:RSA |EC |ENCRYPTED )?PRIVATE KEY)-----[\s\S]*?-----END \1-----/;

const normalise = (text: string) => text.replace(/\r\n?/g, '\n').trim();

/** Splits a PEM chain into certificates; anything that is not PEM is a 'Format error'. */
export function parseChain(pem: string): X509Certificate[] {
  const text = normalise(pem ?? '');
  const blocks = text.match(CERT_BLOCK) ?? [];
  // Only PEM blocks (and blank lines between them) are accepted: no DER, no stray text.
  const rest = text.replace(CERT_BLOCK, '').trim();
  if (!blocks.length || rest) throw fail('certificateFormatError');
  try {
    return blocks.map((b) => new X509Certificate(b));
  } catch {
    throw fail('certificateFormatError');
  }
}

/** Reads the PEM private key; passphrase-protected keys are refused with their own message. */
export function parsePrivateKey(pem: string): { key: KeyObject; text: string } {
  const text = normalise(pem ?? '');
  const m = KEY_BLOCK.exec(text);
  if (!m || text.replace(m[0], '').trim()) throw fail('certificateFormatError');
  if (m[1] === 'ENCRYPTED PRIVATE KEY') throw fail('certificateKeyEncrypted');
  try {
    return { key: crypto.createPrivateKey({ key: m[0], format: 'pem' }), text: m[0] };
  } catch {
    throw fail('certificateFormatError');
  }
}

/** Distinguished-name fields as node prints them ("C=US\nO=...\nCN=..."); the first of each kind. */
export function dnField(dn: string, field: string): string {
  for (const line of dn.split('\n')) {
    const i = line.indexOf('=');
    if (i > 0 && line.slice(0, i) === field) return line.slice(i + 1).replace(/^"|"$/g, '');
  }
  return '';
}

/** DNS names of the SAN extension (lower case); the common name when there is none. */
export function dnsNamesOf(cert: X509Certificate): string[] {
  const san = cert.subjectAltName ?? '';
  const names = san
    .split(/,\s*/)
    .filter((e) => e.startsWith('DNS:'))
    .map((e) => normaliseDomain(e.slice(4).replace(/^"|"$/g, '')));
  if (!names.length) {
    const cn = dnField(cert.subject, 'CN');
    if (cn) names.push(normaliseDomain(cn));
  }
  return [...new Set(names)];
}

const SIGNATURE_OIDS: Record<string, string> = {
  '1.2.840.113549.1.1.5': 'SHA1withRSA',
  '1.2.840.113549.1.1.10': 'RSASSA-PSS',
  '1.2.840.113549.1.1.11': 'SHA256withRSA',
  '1.2.840.113549.1.1.12': 'SHA384withRSA',
  '1.2.840.113549.1.1.13': 'SHA512withRSA',
  '1.2.840.10045.4.1': 'SHA1withECDSA',
  '1.2.840.10045.4.3.2': 'SHA256withECDSA',
  '1.2.840.10045.4.3.3': 'SHA384withECDSA',
  '1.2.840.10045.4.3.4': 'SHA512withECDSA',
  '1.3.101.112': 'Ed25519',
  '1.3.101.113': 'Ed448',
  '1.2.156.10197.1.501': 'SM3withSM2',
};

/** Reads one DER header at `pos`: the content start and length. */
function derHeader(der: Buffer, pos: number): { tag: number; start: number; length: number } {
  const tag = der[pos];
  let len = der[pos + 1];
  let start = pos + 2;
  if (len & 0x80) {
    const bytes = len & 0x7f;
    len = 0;
    for (let i = 0; i < bytes; i++) len = len * 256 + der[start + i];
    start += bytes;
  }
  return { tag, start, length: len };
}

function decodeOid(bytes: Buffer): string {
  const parts = [Math.floor(bytes[0] / 40), bytes[0] % 40];
  let value = 0;
  for (const b of bytes.subarray(1)) {
    value = value * 128 + (b & 0x7f);
    if (!(b & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

/**
 * The certificate's signature algorithm. Node 20's X509Certificate does not expose it, so it is read
 * from the DER: Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm SEQUENCE { OID, ... }, ... }.
 */
export function signatureAlgorithmOf(cert: X509Certificate): string {
  try {
    const der = cert.raw;
    const outer = derHeader(der, 0);
    const tbs = derHeader(der, outer.start);
    const alg = derHeader(der, tbs.start + tbs.length);
    const oid = derHeader(der, alg.start);
    if (oid.tag !== 0x06) return '';
    const dotted = decodeOid(der.subarray(oid.start, oid.start + oid.length));
    return SIGNATURE_OIDS[dotted] ?? dotted;
  } catch {
    return '';
  }
}

const CURVES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };

export function keyAlgorithmOf(key: KeyObject): string {
  const type = key.asymmetricKeyType ?? '';
  const details = key.asymmetricKeyDetails ?? {};
  if (type === 'rsa' || type === 'rsa-pss') return `${type === 'rsa' ? 'RSA' : 'RSA-PSS'} ${details.modulusLength ?? ''}`.trim();
  if (type === 'ec') return `ECDSA ${CURVES[details.namedCurve ?? ''] ?? details.namedCurve ?? ''}`.trim();
  if (type === 'ed25519') return 'Ed25519';
  if (type === 'ed448') return 'Ed448';
  return type.toUpperCase();
}

/** Everything the portal shows about a certificate, read from the leaf. */
export function certificateFacts(leaf: X509Certificate): CertificateFacts {
  const org = dnField(leaf.issuer, 'O');
  const issuerCn = dnField(leaf.issuer, 'CN');
  return {
    commonName: dnField(leaf.subject, 'CN'),
    dnsNames: dnsNamesOf(leaf),
    issuerOrganization: org,
    issuerDepartment: dnField(leaf.issuer, 'OU'),
    issuerCountry: dnField(leaf.issuer, 'C'),
    issuerCommonName: issuerCn,
    brand: org || issuerCn,
    serial: leaf.serialNumber.toUpperCase(),
    signatureAlgorithm: signatureAlgorithmOf(leaf),
    keyAlgorithm: keyAlgorithmOf(leaf.publicKey),
    awardedTime: new Date(Date.parse(leaf.validFrom)),
    expireTime: new Date(Date.parse(leaf.validTo)),
  };
}

/** Each certificate must be issued (and signed) by the next one. */
export function chainInOrder(chain: X509Certificate[]): boolean {
  for (let i = 0; i + 1 < chain.length; i++) {
    if (!chain[i].checkIssued(chain[i + 1]) || !chain[i].verify(chain[i + 1].publicKey)) return false;
  }
  return true;
}

/**
 * Checks an upload as the spec requires: PEM only, a key that matches the leaf, a chain in order,
 * at least 30 days of validity left. Throws the localised failure of the first rule broken.
 */
export function parseUpload(certificatePem: string, privateKeyPem: string, now = new Date()): ParsedUpload {
  const chain = parseChain(certificatePem);
  const { key, text: keyPem } = parsePrivateKey(privateKeyPem);
  if (!chain[0].checkPrivateKey(key)) {
    // The key belongs to another certificate of the chain: the leaf is not first.
    if (chain.some((c) => c.checkPrivateKey(key))) throw fail('certificateChainOrder');
    throw fail('certificateKeyMismatch');
  }
  if (!chainInOrder(chain)) throw fail('certificateChainOrder');
  const facts = certificateFacts(chain[0]);
  if (Number.isNaN(facts.expireTime.getTime()) || Number.isNaN(facts.awardedTime.getTime())) throw fail('certificateFormatError');
  if (facts.awardedTime.getTime() > now.getTime() + SKEW_MS) throw fail('certificateNotYetValid');
  if (facts.expireTime.getTime() <= now.getTime()) throw fail('certificateExpired');
  if (facts.expireTime.getTime() - now.getTime() < MIN_VALIDITY_DAYS * DAY_MS) throw fail('certificateValidityShort');
  return { facts, chainPem: chain.map((c) => c.toString().trim()).join('\n') + '\n', keyPem: keyPem + '\n' };
}
