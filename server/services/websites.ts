import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { Resolver } from 'node:dns/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, notFound } from '../lib/envelope';
import { outboundRefusal } from '../lib/outbound';
import type { ConfigDb } from '../stores/config/db';
import { getWebsite, protectionAddressTaken, websiteHolder } from '../stores/config/websites';
import { ensureOwnershipChallenge, getOwnershipProof, markOwnershipVerified, nameOwned } from '../stores/config/websitesOwnership';
import { getPolicy } from '../stores/config/websitesPolicies';
import { getRule } from '../stores/config/websitesRules';
import {
  ownershipDnsName,
  ownershipFileUrl,
  validatePolicy,
  validateRule,
  validateWebsiteDomain,
  type OwnershipMethod,
  type PolicyInput,
  type RuleActionType,
  type RuleInput,
  type WafConfig,
  type FieldProblem,
} from '../../common/rules/websites/index';
import { CLIENT_APPS } from '../../common/rules/websites/catalogue';
import { formatDomainMessage } from '../../common/rules/domains/messages';
import type { OwnershipChallenge, OwnershipProof, Policy, PolicyCreate, Rule, RuleCreate, Website } from '../../common/wire/websites';
import { serverMessages, type ServerMessageKey } from '../../i18n/serverMessages';
import type { PortalConfig } from '../config';

/**
 * Website protection (issue #18, docs/websites.md): what the website, policy, rule and dry-run routes
 * share: ownership (another tenant's answers like a missing one), the protection addresses under the
 * provider's zone (PortalConfig.edgeZone, PORTAL_EDGE_ZONE), and the normalising and validation of
 * policies and rules (create, update and the dry run of an unsaved one), and who may protect a name
 * (issue #35: the ownership proofs and the one refusal).
 */

/** A record of the caller's scope, or "missing" (another tenant's answers the same). */
async function owned<T extends { account: string }>(request: FastifyRequest, load: (db: ConfigDb) => Promise<T | null>): Promise<T> {
  const record = await load(request.server.db);
  const scope = await request.scope();
  if (!record || !scope.has(record.account)) throw notFound();
  return record;
}

export const ownWebsite = (request: FastifyRequest, id: number): Promise<Website> => owned(request, (db) => getWebsite(db, id));
export const ownPolicy = (request: FastifyRequest, id: number): Promise<Policy> => owned(request, (db) => getPolicy(db, id));
export const ownRule = (request: FastifyRequest, id: number): Promise<Rule> => owned(request, (db) => getRule(db, id));

/** Whether an address is one of the protection addresses the portal hands out under the zone. */
export function isProtectionAddress(zone: string, address: string): boolean {
  return new RegExp(`^waf[a-z0-9]{12}\\.${zone.replace(/\./g, '\\.')}$`).test(address);
}

/** A fresh label under the zone, unique among all websites. */
export async function randomProtectionAddress(app: FastifyInstance): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const label = `waf${BigInt(`0x${crypto.randomBytes(8).toString('hex')}`)
      .toString(36)
      .padStart(12, '0')
      .slice(-12)}`;
    const address = `${label}.${app.config.edgeZone}`;
    if (!(await protectionAddressTaken(app.db, address))) return address;
  }
  throw new Error('no free protection address');
}

/** The address a new website asked for when it is a free one of the zone, else a fresh one. */
export async function chooseProtectionAddress(app: FastifyInstance, requested: string | undefined): Promise<string> {
  const wanted = requested?.trim().toLowerCase();
  if (wanted && isProtectionAddress(app.config.edgeZone, wanted) && !(await protectionAddressTaken(app.db, wanted))) return wanted;
  return randomProtectionAddress(app);
}

const DEFAULT_WAF: WafConfig = { xss: 'block_request', illegalResource: 'block_request', rfi: 'block_request', sqli: 'block_request' };

/** A policy of a create or update body: the fields left out take their defaults. */
export function policyInput(body: PolicyCreate): PolicyInput {
  const clean = (l: string[] | undefined) => [...new Set((l ?? []).map((s) => s.trim()).filter(Boolean))];
  return {
    websiteId: body.websiteId,
    name: body.name.trim(),
    description: body.description ?? '',
    type: body.type,
    enabled: body.enabled ?? true,
    countries: clean(body.countries).map((c) => c.toUpperCase()),
    urls: clean(body.urls),
    ips: clean(body.ips),
    clientAppIds: clean(body.clientAppIds),
    exceptions: clean(body.exceptions),
    waf: { ...DEFAULT_WAF, ...(body.waf ?? {}) } as WafConfig,
  };
}

/** The value at a dotted wire path ('origins.1.address') of an input. */
function valueAt(input: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), input);
}

const MAX_SHOWN = 120;

/**
 * A rule's refusal of one field, naming the field by its wire path and the bad value after the
 * rule's own (spec) words: 'Format error: ips.0 = "10.0.0.300"' (issue #35 item 10).
 */
export function fieldRefusal(problem: FieldProblem, input: unknown) {
  const raw = JSON.stringify(valueAt(input, problem.field)) ?? 'null';
  const value = raw.length > MAX_SHOWN ? `${raw.slice(0, MAX_SHOWN)}…` : raw;
  const text = (lang: 'zh' | 'en') =>
    formatDomainMessage(serverMessages.fieldValueProblem[lang], {
      problem: serverMessages[problem.key][lang],
      field: problem.field,
      value,
    });
  return fail({ zh: text('zh'), en: text('en') });
}

/** The rules of a policy's create and update (also the dry run's). */
export function validatedPolicy(input: PolicyInput): PolicyInput {
  const problems = validatePolicy(input);
  if (problems.length) throw fieldRefusal(problems[0], input);
  return input;
}

/** A rule of a create or update body: the fields left out take their defaults. */
export function ruleInput(body: RuleCreate): RuleInput {
  return {
    websiteId: body.websiteId,
    name: body.name.trim(),
    enabled: body.enabled ?? true,
    actionType: body.actionType as RuleActionType,
    action: body.action ?? {},
    filters: (body.filters ?? []).map((f) => ({ ...f, value: f.value.trim() })),
    clientAppIds: [...new Set(body.clientAppIds ?? [])],
    interval: body.interval ?? 60,
  };
}

const KNOWN_APPS = new Set(CLIENT_APPS.map((c) => c.id));

/** The rules of a rule's create and update (also the dry run's). */
export function validatedRule(input: RuleInput): RuleInput {
  const problems = validateRule(input);
  if (problems.length) throw fieldRefusal(problems[0], input);
  const unknown = input.clientAppIds.findIndex((a) => !KNOWN_APPS.has(a));
  if (unknown >= 0) throw fieldRefusal({ field: `clientAppIds.${unknown}`, key: 'wafFormatError' }, input);
  return input;
}

// ------------------------------------------------------------ ownership of names (issue #35)

/** A message of the catalogue in the request's language with its {placeholders} filled. */
const text = (request: FastifyRequest, key: ServerMessageKey, args: Record<string, string | number>) =>
  formatDomainMessage(request.t(key), args);

/** The name of a body, lower-case; refused with the form's message when it is not a website name. */
function websiteName(domain: string): string {
  const name = domain.trim().toLowerCase();
  const problem = validateWebsiteDomain(name);
  if (problem) throw fail(problem);
  return name;
}

const scopeAccounts = async (request: FastifyRequest) => {
  const scope = await request.scope();
  return scope.all ? null : scope.accounts;
};

/**
 * Create and update (when the name changes) accept a name only when no website outside the caller's
 * scope holds it and it is an accelerated domain or a verified proof of the caller's account tree. The
 * caller's own website of that name answers 'already exists'; every other refusal is one message,
 * the same bytes whatever the reason, apart from the name: it tells nobody which names others protect.
 */
export async function assertMayProtect(request: FastifyRequest, domain: string, exceptId = 0): Promise<void> {
  const holder = await websiteHolder(request.server.db, domain, exceptId);
  if (holder !== null && (await request.scope()).has(holder)) throw fail('wafDomainExists');
  if (holder === null && (await nameOwned(request.server.db, await scopeAccounts(request), domain))) return;
  throw fail({ text: text(request, 'wafOwnershipRequired', { domain }) });
}

function challengeReply(domain: string, owned: boolean, proof: OwnershipProof | null): OwnershipChallenge {
  const token = proof?.token ?? '';
  return {
    domain,
    owned,
    token,
    dnsName: token ? ownershipDnsName(domain) : '',
    fileUrl: token ? ownershipFileUrl(domain, token) : '',
    method: proof?.method ?? null,
    verifiedAt: proof?.verifiedAt ?? null,
  };
}

/** POST ownership/challenge: the caller's token for a name (kept across calls), unless its account tree already owns the name. */
export async function ownershipChallenge(request: FastifyRequest, rawDomain: string): Promise<OwnershipChallenge> {
  const domain = websiteName(rawDomain);
  const { db } = request.server;
  const account = request.user!.account;
  const owned = await nameOwned(db, await scopeAccounts(request), domain);
  const token = crypto.randomBytes(24).toString('base64url');
  const proof = owned ? await getOwnershipProof(db, account, domain) : await ensureOwnershipChallenge(db, account, domain, token);
  return challengeReply(domain, owned, proof);
}

/** POST ownership/verify: looks for the token of the caller's challenge by one method; a found token proves the name for good. */
export async function ownershipVerify(request: FastifyRequest, rawDomain: string, method: OwnershipMethod): Promise<OwnershipChallenge> {
  const domain = websiteName(rawDomain);
  const { db, config } = request.server;
  let proof = await getOwnershipProof(db, request.user!.account, domain);
  if (!proof) throw fail({ text: text(request, 'wafOwnershipNoChallenge', { domain }) });
  if (!proof.verifiedAt) {
    const problem = method === 'dns' ? await dnsProblem(request, config, proof) : await fileProblem(request, config, proof);
    if (problem) throw fail({ text: problem });
    proof = await markOwnershipVerified(db, proof.id, method);
  }
  return challengeReply(domain, true, proof);
}

/** A resolver of the configured servers (PortalConfig.ownershipProof; the system's when none), one try within the check's time-out. */
function proofResolver(config: PortalConfig): Resolver {
  const resolver = new Resolver({ timeout: config.checkTimeoutMs, tries: 1 });
  if (config.ownershipProof.dnsServers.length) resolver.setServers(config.ownershipProof.dnsServers);
  return resolver;
}

/** The DNS method: a TXT record `_cdn-portal-challenge.<name>` whose value is the token; null when found, else why not. */
async function dnsProblem(request: FastifyRequest, config: PortalConfig, proof: OwnershipProof): Promise<string | null> {
  const record = ownershipDnsName(proof.domain);
  const values = await proofResolver(config)
    .resolveTxt(record)
    .catch(() => [] as string[][]);
  return values.some((parts) => parts.join('').trim() === proof.token) ? null : text(request, 'wafOwnershipDnsMissing', { record });
}

/** Largest file body read: the token is 32 characters. */
const PROOF_BODY_MAX = 1024;

/**
 * The file method: GET http://<name>/.well-known/cdn-portal-verification/<token>.txt (port 80, the
 * name as Host, no redirect followed, at most 1 KiB read, the check's time-out) must answer 200 with
 * the token as its body. Private and reserved addresses are refused unless PORTAL_ALLOW_PRIVATE_ORIGINS=1;
 * a name of PortalConfig.ownershipProof.hosts is connected to at its configured address. Null when found.
 */
async function fileProblem(request: FastifyRequest, config: PortalConfig, proof: OwnershipProof): Promise<string | null> {
  const url = new URL(ownershipFileUrl(proof.domain, proof.token));
  const reason = await readProofFile(config, url, proof.token);
  if (!reason) return null;
  return text(request, 'wafOwnershipFileFailed', { url: url.href, reason: text(request, reason.key, reason.args ?? {}) });
}

type ProofFailure = { key: ServerMessageKey; args?: Record<string, string | number> };

async function proofAddress(config: PortalConfig, host: string): Promise<{ ip: string; port: number } | ProofFailure> {
  const mapped = config.ownershipProof.hosts[host];
  if (mapped) {
    const at = mapped.lastIndexOf(':');
    const ip = mapped.slice(0, at).replace(/^\[|\]$/g, '');
    return refusal(ip, config) ?? { ip, port: Number(mapped.slice(at + 1)) };
  }
  // a documentation name or address is refused before any lookup
  const named = refusal(host, config);
  if (named) return named;
  const resolver = proofResolver(config);
  const answers = net.isIP(host)
    ? [host]
    : (await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)])).flatMap((r) =>
        r.status === 'fulfilled' ? r.value : [],
      );
  if (!answers.length) return { key: 'domainProbeDns', args: { address: host } };
  // Any refused answer refuses the name, so a mixed answer cannot smuggle one in.
  for (const ip of answers) {
    const refused = refusal(ip, config);
    if (refused) return refused;
  }
  return { ip: answers[0], port: 80 };
}

/** The outbound guard's verdict on an address (documentation ranges always refused, private ones unless allowed). */
function refusal(ip: string, config: PortalConfig): ProofFailure | null {
  const why = outboundRefusal(ip, config.allowPrivateOrigins);
  if (why === null) return null;
  return why === 'documentation'
    ? { key: 'domainProbeDocumentation', args: { address: ip } }
    : { key: 'domainProbePrivate', args: { address: ip } };
}

async function readProofFile(config: PortalConfig, url: URL, token: string): Promise<ProofFailure | null> {
  const address = await proofAddress(config, url.hostname);
  if ('key' in address) return address;
  const label = url.host;
  return new Promise<ProofFailure | null>((resolve) => {
    const req = http.get({
      host: address.ip,
      port: address.port,
      path: url.pathname,
      agent: false,
      headers: { host: url.hostname, 'user-agent': 'CDN-Portal-Ownership/1.0', accept: 'text/plain' },
    });
    const timer = setTimeout(() => req.destroy(new Error('timeout')), config.checkTimeoutMs);
    const done = (outcome: ProofFailure | null) => {
      clearTimeout(timer);
      resolve(outcome);
      req.destroy();
    };
    req.on('error', (e: NodeJS.ErrnoException) =>
      done(
        e.message === 'timeout'
          ? { key: 'domainProbeTimeout', args: { address: label } }
          : { key: 'domainProbeConnect', args: { address: label, reason: e.code ?? e.message } },
      ),
    );
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) return done({ key: 'wafOwnershipRedirect' });
      if (status !== 200) return done({ key: 'domainProbeStatus', args: { address: label, status } });
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (body.length > PROOF_BODY_MAX) done({ key: 'wafOwnershipWrongBody' });
      });
      res.on('end', () => done(body.trim() === token ? null : { key: 'wafOwnershipWrongBody' }));
      res.on('error', () => done({ key: 'wafOwnershipWrongBody' }));
    });
  });
}
