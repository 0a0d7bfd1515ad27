import type { FastifyRequest } from 'fastify';
import { fail, notFound } from '../lib/envelope';
import { getAccount } from '../stores/config/usersAccounts';
import { certificateForDomain, domainsWithBucket, getDomainById, getDomainByName, saveDomainConfig } from '../stores/config/domains';
import { insertVersion } from '../stores/config/domainsVersions';
import type { ConfigDb } from '../stores/config/db';
import type { Domain, DomainChange, DomainConfig, DomainFieldError, DomainStatus, DomainVersion } from '../../common/wire/domains';
import { BUCKET_CONFIRM_CODE } from '../../common/rules/domains/index';
import { diffDomainConfig, summarizeChanges } from '../../common/rules/domains/diff';
import { formatDomainMessage, type DomainMessageKey } from '../../common/rules/domains/messages';
import type { ServerMessageKey } from '../../i18n/serverMessages';
import { auditChange, auditObject } from '../lib/audit';
import type { PortalConfig } from '../config';

/**
 * Domain rules that need the store or the session: scope, ownership, the configuring block,
 * versions, bucket binding, certificates. Used by the domain route files.
 */

/** When a change issued now reaches the edges (PortalConfig.issueDelayMs, PORTAL_ISSUE_DELAY_MS). */
export const issueDue = (config: Pick<PortalConfig, 'issueDelayMs'>) => new Date(Date.now() + config.issueDelayMs);

/** Accounts whose domains the caller sees; null = every account. */
export async function visibleAccounts(request: FastifyRequest): Promise<string[] | null> {
  const scope = await request.scope();
  return scope.all ? null : scope.accounts;
}

/** A domain of the caller's scope, by id or name; another tenant's looks missing. */
export async function loadDomain(request: FastifyRequest, ref: { id?: number; name?: string }): Promise<Domain> {
  const db = request.server.db;
  const domain = ref.id !== undefined ? await getDomainById(db, ref.id) : ref.name ? await getDomainByName(db, ref.name) : null;
  if (!domain) throw notFound();
  const scope = await request.scope();
  if (!scope.has(domain.account)) throw notFound();
  auditObject(request, { type: 'domain', id: domain.id, name: domain.name });
  return domain;
}

/** Rollback, edit, status change and the scheduling view need a configured, enabled domain. */
export function assertSettled(domain: Domain): void {
  if (domain.operationState === 'configuring' || domain.status !== 'on') throw fail('domainConfiguring');
}

/** Localised text of a message key with {placeholders}. */
export function messageText(request: FastifyRequest, key: ServerMessageKey, args?: Record<string, string | number>): string {
  return formatDomainMessage(request.t(key), args);
}

/** Validation failure reply: code "1", the first message, every field error in data. */
export function invalidReply(request: FastifyRequest, errors: DomainFieldError[]) {
  const first = errors[0];
  return { code: '1', data: errors, msg: messageText(request, first.message as DomainMessageKey, first.args) };
}

/** The owning account of a new domain: the requested one (in scope) or the caller's own. */
export async function resolveOwner(
  request: FastifyRequest,
  requested: string | undefined,
): Promise<{ account: string; belongDomainGroup: string }> {
  const user = request.user;
  if (!user) throw fail('notSignedIn');
  const identity = (requested ?? '').replace('@+@', '').trim() || user.account;
  const scope = await request.scope();
  const row = await getAccount(request.server.db, identity);
  if (!row || !scope.has(identity)) throw fail('domainAccountInvalid');
  return { account: identity, belongDomainGroup: row.parent ? identity : '' };
}

/**
 * The certificate of an HTTPS domain must be one the owner may use (its tenant's or shared with it);
 * its name is taken from the store. Without the certificates table the client's name stands.
 */
export async function resolveCertificate(
  db: ConfigDb,
  request: FastifyRequest,
  config: DomainConfig,
  owner: string,
): Promise<DomainConfig> {
  if (!config.certificateId) return { ...config, certificateName: '' };
  const cert = await certificateForDomain(db, config.certificateId);
  if (cert === undefined) return config;
  const scope = await request.scope();
  const shared = (cert?.shareAccounts ?? []).some((a) => a === owner || scope.has(a));
  const usable = cert && (scope.has(cert.account) || cert.account === owner || shared);
  if (!usable) throw fail('domainCertificateNotFound');
  return { ...config, certificateName: cert.name };
}

/** Bucket origins already bound to another domain: ask first (code '2') unless confirmed. */
export async function checkBuckets(db: ConfigDb, config: DomainConfig, exceptId: number, confirmed: boolean | undefined): Promise<void> {
  if (confirmed) return;
  for (const o of config.origins.filter((x) => x.type === 'bucket')) {
    if ((await domainsWithBucket(db, o.address, exceptId)).length) throw fail('domainBucketBound', BUCKET_CONFIRM_CODE);
  }
}

/**
 * Saves a new configuration and/or status as the next version, in one transaction, and starts
 * issuing it (operation state configuring until the job completes it).
 */
export async function commitChange(
  request: FastifyRequest,
  domain: Domain,
  config: DomainConfig,
  action: DomainVersion['action'],
  opts: { status?: DomainStatus; note?: string; db?: ConfigDb } = {},
): Promise<Domain> {
  const before = currentConfig(domain);
  const changes: DomainChange[] = diffDomainConfig(before, config);
  if (opts.status && opts.status !== domain.status) changes.unshift({ field: 'status', before: domain.status, after: opts.status });
  const summary = [opts.note, summarizeChanges(changes)].filter(Boolean).join('; ');
  // opts.db: the transaction of a checked update (server/lib/staleWrite.ts), which this one joins.
  return (opts.db ?? request.server.db).transaction(async (tx) => {
    const due = issueDue(request.server.config);
    const saved = await saveDomainConfig(tx, domain.id, domain.name, config, { status: opts.status, issueDue: due });
    if (!saved) throw fail('domainConfiguring');
    const author = request.user?.username ?? '';
    await insertVersion(tx, { domainId: domain.id, version: saved.version, author, action, changes, summary, config });
    auditChange(request, { status: domain.status, ...before }, { status: saved.status, ...currentConfig(saved) });
    return saved;
  });
}

/** The editable configuration of a stored domain. */
export function currentConfig(d: Domain): DomainConfig {
  return {
    type: d.type,
    scope: d.scope,
    protocol: d.protocol,
    backProtocol: d.backProtocol,
    icp: d.icp,
    forceHTTPS: d.forceHTTPS,
    certificateId: d.certificateId,
    certificateName: d.certificateName,
    cloudStorage: d.cloudStorage,
    context: d.context,
    backHost: d.backHost,
    backDir: d.backDir,
    backIsEnable: d.backIsEnable,
    testUrl: d.testUrl,
    origins: d.origins,
    cacheRules: d.cacheRules,
    ignoreParams: d.ignoreParams,
    ignoreExpires: d.ignoreExpires,
    ignoreNoCache: d.ignoreNoCache,
    advanced: d.advanced,
    labels: d.labels,
  };
}
