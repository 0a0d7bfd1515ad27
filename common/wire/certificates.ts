/**
 * Wire types of the certificate calls (/api/certificate/*), shared by the data provider, the
 * certificate screens, the domain form (match/domain) and the server. Types only.
 */

/** 0 normal, 2 deleting, 3 deletion failed, 1 deleted (spec §4: local markers of the deletion). */
export type CertificateLogicDelete = 0 | 1 | 2 | 3;

/** A certificate as every read call returns it. The private key is never part of it. */
export interface Certificate {
  id: number;
  name: string;
  /** Owning account. */
  account: string;
  /** Who uploaded it. */
  username: string;
  commonName: string;
  /** SAN DNS names, lower case (may hold wildcards '*.example.com'). */
  dnsNames: string[];
  /** Issuer brand (issuer organisation, else issuer common name). */
  brand: string;
  issuerOrganization: string;
  issuerDepartment: string;
  issuerCountry: string;
  issuerCommonName: string;
  /** Hexadecimal, upper case. */
  serial: string;
  signatureAlgorithm: string;
  keyAlgorithm: string;
  /** ISO 8601: start and end of validity, upload time, last change. */
  awardedTime: string;
  expireTime: string;
  createTime: string;
  updateTime: string;
  share: boolean;
  shareAccounts: string[];
  /** Domains using the certificate (bound here, or chosen in the domain's own settings). */
  bindDomains: string[];
  /** Of those, the domains whose own settings choose this certificate (changed in the domain form only). */
  configuredDomains: string[];
  logicDelete: CertificateLogicDelete;
  /** Text of the last deletion step ('' when none). */
  deleteLog: string;
  /** The caller's accounts own it (false: shared with them; it can be used but not changed). */
  owned: boolean;
}

/** One certificate of the chain, leaf first. */
export interface CertificateChainEntry {
  subject: string;
  issuer: string;
  serial: string;
  awardedTime: string;
  expireTime: string;
}

/** GET details/{id}: the certificate plus its public chain. */
export interface CertificateDetails extends Certificate {
  /** The public PEM chain, leaf first. */
  certificate: string;
  chain: CertificateChainEntry[];
}

/** GET providerDetails/{id}: who issued it. */
export interface CertificateProvider {
  brand: string;
  organization: string;
  department: string;
  country: string;
  commonName: string;
  chain: CertificateChainEntry[];
}

/** POST add. PEM only; `account` defaults to the uploader's own account. */
export interface CertificateUploadInput {
  name: string;
  /** PEM chain, server certificate first. */
  certificate: string;
  /** PEM private key (unencrypted). */
  privateKey: string;
  share: boolean;
  shareAccounts: string[];
  account?: string;
}

/**
 * POST update: a renewed certificate for the same names (certificate and privateKey together),
 * and/or new share settings.
 */
export interface CertificateUpdateInput {
  id: number;
  certificate?: string;
  privateKey?: string;
  share?: boolean;
  shareAccounts?: string[];
}

export interface CertificateRenameInput {
  id: number;
  name: string;
}

/** valid: more than 30 days left; expiring: 30 days or less; expired. */
export type CertificateExpiry = 'valid' | 'expiring' | 'expired';
export type CertificateSortField = 'name' | 'commonName' | 'expireTime' | 'awardedTime' | 'createTime';

/** POST search. Every filter optional; the caller's user type decides the base set as for the lists. */
export interface CertificateSearchParams {
  pageNum?: number;
  pageSize?: number;
  /** Name contains. */
  name?: string;
  /** A domain: certificates whose names cover it, contain it, or that are bound to it. */
  domain?: string;
  expiry?: CertificateExpiry;
  /** Owning accounts (default the whole scope). */
  account?: string[];
  ids?: number[];
  sortField?: CertificateSortField;
  sortOrder?: 'ASC' | 'DESC';
}

export interface CertificateSearchReply {
  list: Certificate[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** GET deling/{id} and POST delete/{id}: 0 deleting, 1 deleted, 2 failed. */
export interface CertificateDeletionStatus {
  operationStatus: 0 | 1 | 2;
  log: string;
}

/** GET allName?account. */
export interface CertificateName {
  id: number;
  name: string;
  commonName: string;
  account: string;
  expireTime: string;
}

/** POST match/domain {domain, account?}: usable certificates (not expired, not being deleted) covering it. */
export interface CertificateMatchRequest {
  domain: string;
  /** Only certificates a domain of this account may use: owned by it or by an account above it, or shared with it (default: the whole scope). */
  account?: string;
}
export interface CertificateMatch extends CertificateName {
  dnsNames: string[];
  brand: string;
}

/** POST batch/bind/domain: the certificate's bound domains become exactly `domains`. */
export interface CertificateBindRequest {
  certificateId: number;
  domains: string[];
}
export interface CertificateBindReply {
  certificateId: number;
  bindDomains: string[];
}
