import crypto from 'node:crypto';
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Real X.509 certificates for demo data and tests. Keys come from node:crypto; node cannot sign a
 * certificate, so the openssl command line signs them (openssl ca, which accepts any start and end
 * date, so expired and nearly expired certificates can be made too), in a temporary directory.
 */
export interface IssuedCertificate {
  certPem: string;
  keyPem: string;
}

export interface CertificateSpec {
  commonName: string;
  /** SAN DNS names; default [commonName]; [] for none. */
  dnsNames?: string[];
  organization?: string;
  department?: string;
  country?: string;
  notBefore: Date;
  notAfter: Date;
  /** The signing CA; self-signed when absent. */
  issuer?: IssuedCertificate;
  /** A CA certificate (basicConstraints CA:TRUE). */
  ca?: boolean;
  /** ec: P-256, ec384: P-384 (both instant), rsa: RSA 2048 (about half a second to generate). */
  keyType?: KeyType;
  /** Reuse this private key (PEM) instead of generating one. */
  keyPem?: string;
  /** Digest of the signature (default sha256). */
  md?: 'sha256' | 'sha384';
}

export type KeyType = 'ec' | 'ec384' | 'rsa';

let available: boolean | null = null;

/** Whether the openssl command is on this machine. */
export function opensslAvailable(): boolean {
  if (available === null) {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      available = true;
    } catch {
      available = false;
    }
  }
  return available;
}

/** A new private key (PEM). */
export async function newKey(type: KeyType): Promise<string> {
  const generate = promisify(crypto.generateKeyPair);
  const pair =
    type === 'rsa'
      ? await generate('rsa', {
          modulusLength: 2048,
          privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
          publicKeyEncoding: { type: 'spki', format: 'pem' },
        })
      : await generate('ec', {
          namedCurve: type === 'ec384' ? 'secp384r1' : 'prime256v1',
          privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
          publicKeyEncoding: { type: 'spki', format: 'pem' },
        });
  return pair.privateKey;
}

/** openssl ca date: YYYYMMDDHHMMSSZ. */
const caDate = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';

/** DN values go into -subj '/K=V/...': '/' and '\' must be escaped. */
const dnValue = (v: string) => v.replace(/[\\/]/g, (c) => `\\${c}`);

function caConfig(dir: string, spec: CertificateSpec): string {
  const names = spec.dnsNames ?? [spec.commonName];
  const ext = spec.ca
    ? ['basicConstraints = critical,CA:TRUE', 'keyUsage = critical,keyCertSign,cRLSign', 'subjectKeyIdentifier = hash']
    : [
        'basicConstraints = CA:FALSE',
        'keyUsage = critical,digitalSignature,keyEncipherment',
        'extendedKeyUsage = serverAuth',
        ...(names.length ? [`subjectAltName = ${names.map((n) => `DNS:${n}`).join(',')}`] : []),
      ];
  return [
    '[ ca ]',
    'default_ca = portal',
    '[ portal ]',
    `dir = ${dir}`,
    `database = ${dir}/index.txt`,
    `new_certs_dir = ${dir}`,
    `serial = ${dir}/serial`,
    'default_md = sha256',
    'policy = any',
    'unique_subject = no',
    'copy_extensions = none',
    'email_in_dn = no',
    '[ any ]',
    'countryName = optional',
    'organizationName = optional',
    'organizationalUnitName = optional',
    'commonName = supplied',
    '[ ext ]',
    ...ext,
    '',
  ].join('\n');
}

/** Issues one certificate as the spec says (needs openssl). */
export async function issueCertificate(spec: CertificateSpec): Promise<IssuedCertificate> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-cert-'));
  try {
    const keyPem = spec.keyPem ?? (await newKey(spec.keyType ?? 'ec'));
    const serial = crypto.randomBytes(16);
    serial[0] = (serial[0] & 0x7f) | 0x10;
    await Promise.all([
      fs.writeFile(path.join(dir, 'key.pem'), keyPem, { mode: 0o600 }),
      fs.writeFile(path.join(dir, 'index.txt'), ''),
      fs.writeFile(path.join(dir, 'serial'), serial.toString('hex') + '\n'),
      fs.writeFile(path.join(dir, 'ca.cnf'), caConfig(dir, spec)),
      ...(spec.issuer
        ? [
            fs.writeFile(path.join(dir, 'issuer.pem'), spec.issuer.certPem),
            fs.writeFile(path.join(dir, 'issuer.key'), spec.issuer.keyPem, { mode: 0o600 }),
          ]
        : []),
    ]);
    const subject = [
      spec.country && `/C=${dnValue(spec.country)}`,
      spec.organization && `/O=${dnValue(spec.organization)}`,
      spec.department && `/OU=${dnValue(spec.department)}`,
      `/CN=${dnValue(spec.commonName)}`,
    ]
      .filter(Boolean)
      .join('');
    const csr = path.join(dir, 'req.csr');
    await run('openssl', ['req', '-new', '-key', path.join(dir, 'key.pem'), '-subj', subject, '-out', csr], { timeout: 20_000 });
    const signer = spec.issuer
      ? ['-cert', path.join(dir, 'issuer.pem'), '-keyfile', path.join(dir, 'issuer.key')]
      : ['-selfsign', '-keyfile', path.join(dir, 'key.pem')];
    const out = path.join(dir, 'cert.pem');
    await run(
      'openssl',
      [
        'ca',
        '-batch',
        '-config',
        path.join(dir, 'ca.cnf'),
        ...signer,
        '-in',
        csr,
        '-out',
        out,
        '-notext',
        '-extensions',
        'ext',
        '-md',
        spec.md ?? 'sha256',
        '-startdate',
        caDate(spec.notBefore),
        '-enddate',
        caDate(spec.notAfter),
      ],
      { timeout: 20_000 },
    );
    return { certPem: await fs.readFile(out, 'utf8'), keyPem };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const DAY = 86_400_000;

/** A certificate valid from `fromDays` (negative: in the past) to `toDays` relative to now. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

/** A small two-level CA: root and intermediate (for chains). */
export async function issueCaChain(name: string): Promise<{ root: IssuedCertificate; intermediate: IssuedCertificate }> {
  const root = await issueCertificate({
    commonName: `${name} Root CA`,
    organization: name,
    country: 'US',
    ca: true,
    dnsNames: [],
    notBefore: daysFromNow(-800),
    notAfter: daysFromNow(3000),
  });
  const intermediate = await issueCertificate({
    commonName: `${name} TLS CA 2026`,
    organization: name,
    department: 'Certification Services',
    country: 'US',
    ca: true,
    dnsNames: [],
    issuer: root,
    notBefore: daysFromNow(-400),
    notAfter: daysFromNow(1500),
  });
  return { root, intermediate };
}
