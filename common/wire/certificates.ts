import { Type, type Static } from '@sinclair/typebox';
import { Id, literals, PageSize, ReadAtFields, Strings } from './shell/schemas';

/**
 * Wire shapes of the certificate calls (/api/certificate/*), shared by the data provider, the
 * certificate screens, the domain form (match/domain) and the server; the types are Static<> of the
 * schemas (the browser imports types only).
 */

/** A certificate as every read call returns it. The private key is never part of it. */
export const CertificateSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Owning account. */
  account: Type.String(),
  /** Who uploaded it. */
  username: Type.String(),
  commonName: Type.String(),
  /** SAN DNS names, lower case (may hold wildcards '*.example.com'). */
  dnsNames: Strings,
  /** Issuer brand (issuer organisation, else issuer common name). */
  brand: Type.String(),
  issuerOrganization: Type.String(),
  issuerDepartment: Type.String(),
  issuerCountry: Type.String(),
  issuerCommonName: Type.String(),
  /** Hexadecimal, upper case. */
  serial: Type.String(),
  signatureAlgorithm: Type.String(),
  keyAlgorithm: Type.String(),
  /** ISO 8601: start and end of validity, upload time, last change. */
  awardedTime: Type.String(),
  expireTime: Type.String(),
  createTime: Type.String(),
  updateTime: Type.String(),
  share: Type.Boolean(),
  shareAccounts: Strings,
  /** Domains using the certificate (bound here, or chosen in the domain's own settings). */
  bindDomains: Strings,
  /** Of those, the domains whose own settings choose this certificate (changed in the domain form only). */
  configuredDomains: Strings,
  /** 0 normal, 2 deleting, 3 deletion failed, 1 deleted (spec §4: local markers of the deletion). */
  logicDelete: literals([0, 1, 2, 3] as const),
  /** Text of the last deletion step ('' when none). */
  deleteLog: Type.String(),
  /** The caller's accounts own it (false: shared with them; it can be used but not changed). */
  owned: Type.Boolean(),
});
export type Certificate = Static<typeof CertificateSchema>;
export type CertificateLogicDelete = Certificate['logicDelete'];
export const CertificateListSchema = Type.Array(CertificateSchema);

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

const Pem = Type.String({ maxLength: 200_000 });
const Accounts = Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 });

/** POST add. PEM only; `account` defaults to the uploader's own account. */
export const CertificateUploadSchema = Type.Object({
  name: Type.String({ maxLength: 200 }),
  /** PEM chain, server certificate first. */
  certificate: Pem,
  /** PEM private key (unencrypted). */
  privateKey: Pem,
  share: Type.Optional(Type.Boolean()),
  shareAccounts: Type.Optional(Accounts),
  account: Type.Optional(Type.String()),
});
export type CertificateUploadInput = Static<typeof CertificateUploadSchema>;

/**
 * POST update: a renewed certificate for the same names (certificate and privateKey together),
 * and/or new share settings.
 */
export const CertificateUpdateSchema = Type.Object({
  id: Id,
  certificate: Type.Optional(Pem),
  privateKey: Type.Optional(Pem),
  share: Type.Optional(Type.Boolean()),
  shareAccounts: Type.Optional(Accounts),
  ...ReadAtFields,
});
export type CertificateUpdateInput = Static<typeof CertificateUpdateSchema>;

export const CertificateRenameSchema = Type.Object({ id: Id, name: Type.String({ maxLength: 200 }), ...ReadAtFields });
export type CertificateRenameInput = Static<typeof CertificateRenameSchema>;

const CertificateExpirySchema = literals(['valid', 'expiring', 'expired'] as const);
/** valid: more than 30 days left; expiring: 30 days or less; expired. */
export type CertificateExpiry = Static<typeof CertificateExpirySchema>;
const CertificateSortFieldSchema = literals(['name', 'commonName', 'expireTime', 'awardedTime', 'createTime'] as const);
export type CertificateSortField = Static<typeof CertificateSortFieldSchema>;

/** POST search. Every filter optional; the caller's user type decides the base set as for the lists. */
export const CertificateSearchSchema = Type.Object({
  pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(PageSize),
  /** Name contains. */
  name: Type.Optional(Type.String({ maxLength: 200 })),
  /** A domain: certificates whose names cover it, contain it, or that are bound to it. */
  domain: Type.Optional(Type.String({ maxLength: 253 })),
  expiry: Type.Optional(CertificateExpirySchema),
  /** Owning accounts (default the whole scope). */
  account: Type.Optional(Type.Array(Type.String())),
  ids: Type.Optional(Type.Array(Type.Integer())),
  sortField: Type.Optional(CertificateSortFieldSchema),
  sortOrder: Type.Optional(literals(['ASC', 'DESC'] as const)),
});
export type CertificateSearchParams = Static<typeof CertificateSearchSchema>;

export const CertificateSearchReplySchema = Type.Object({
  list: CertificateListSchema,
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
});
export type CertificateSearchReply = Static<typeof CertificateSearchReplySchema>;

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
export const CertificateMatchRequestSchema = Type.Object({
  domain: Type.String({ minLength: 1, maxLength: 253 }),
  /**
   * Only certificates a domain of this account may use: owned by it or by an account above it, or shared with it (default: the whole
   * scope).
   */
  account: Type.Optional(Type.String()),
});
export type CertificateMatchRequest = Static<typeof CertificateMatchRequestSchema>;
export interface CertificateMatch extends CertificateName {
  dnsNames: string[];
  brand: string;
}

/** POST batch/bind/domain: the certificate's bound domains become exactly `domains`. */
export const CertificateBindSchema = Type.Object({
  certificateId: Id,
  domains: Type.Array(Type.String({ maxLength: 253 }), { maxItems: 1000 }),
});
export type CertificateBindRequest = Static<typeof CertificateBindSchema>;
export interface CertificateBindReply {
  certificateId: number;
  bindDomains: string[];
}
