import crypto from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, notFound, PortalError } from '../lib/envelope';
import { auditChange, auditObject } from '../lib/audit';
import { canonicalIp, classifyAddress, outboundRefusal } from '../lib/outbound';
import { probeOrigin } from '../lib/originProbe';
import { probePorts } from '../lib/portProbe';
import {
  getIppProof,
  ippChallenge,
  ippConflicts,
  ippIpOfAccounts,
  ippTenantTree,
  ippWebsiteOrigins,
  markIppProofVerified,
  saveIppCheck,
  takeIppOutbound,
  type IppEntryFields,
  type IppProof,
  type StoredEntry,
} from '../stores/config/ipProtection';
import { expandPorts, ippEntryProblem, isIpAddress, normalizePorts, type IppProblem } from '../../common/rules/ipProtection';
import { parseOrigin } from '../../common/rules/websites/index';
import { formatDomainMessage } from '../../common/rules/domains/messages';
import type { IppCreate, IppOwnershipBody, IppProofReply } from '../../common/wire/ipProtection';
import type { ServerMessageKey } from '../../i18n/serverMessages';

/**
 * IP protection (issues #19, #35; docs/ipProtection.md): what the routes of
 * server/routes/impapi/ipProtection/ share. An origin IP belongs to a tenant (a main account with its
 * sub-accounts) when it is an IP origin of one of its domains or websites, an IP of one of its hosts,
 * or proven (the tenant served a token at PROOF_PATH on the IP). Create, update and the port check
 * accept owned IPs only, and every refused IP gets the same reply (only the IP differs), whether or
 * not another tenant protects it. Port checks and proof fetches are rate-limited per tenant and per
 * target IP (PortalConfig.ipp) and audited.
 */

/** Where a proof token is served on the IP (over HTTP, port PortalConfig.ipp.proofPort). */
export const PROOF_PATH = '/.well-known/cdn-portal-verification/';
export const proofPath = (token: string) => `${PROOF_PATH}${token}.txt`;

const text = (request: FastifyRequest, key: ServerMessageKey, args: Record<string, string | number> = {}) =>
  formatDomainMessage(request.t(key), args);

const problemError = (request: FastifyRequest, p: IppProblem) => fail({ text: text(request, p.key, 'port' in p ? { port: p.port } : {}) });

/** The one reply to an IP the tenant may not protect or check (no ids, times or holders in it). */
const refused = (request: FastifyRequest, ip: string) => fail({ text: text(request, 'ippIpRefused', { ip }) });

/** The spellings an IP may be stored in by the other areas (as typed, lower case, canonical). */
const spellings = (ip: string) => [...new Set([canonicalIp(ip), ip.trim().toLowerCase(), ip.trim()])];

/** Whether the IP belongs to the tenant of `account`. */
export async function ownsIp(app: FastifyInstance, account: string, ip: string): Promise<boolean> {
  const tree = await ippTenantTree(app.db, account);
  if (!tree.length) return false;
  if (await ippIpOfAccounts(app.db, tree, spellings(ip))) return true;
  const canonical = canonicalIp(ip);
  return (await ippWebsiteOrigins(app.db, tree)).some((address) => {
    const o = parseOrigin(address);
    return o !== null && net.isIP(o.host) > 0 && canonicalIp(o.host) === canonical;
  });
}

/**
 * Validates and normalises create/update fields (every rule again, whatever the form did), then the
 * ownership of the origin IP by the entry's tenant and the uniqueness of prefix and IP.
 */
export async function entryFields(request: FastifyRequest, body: IppCreate, account: string, exceptId = 0): Promise<IppEntryFields> {
  const app = request.server;
  const input = {
    originIp: body.originIp.trim(),
    protocol: body.protocol,
    cnamePrefix: body.cnamePrefix.trim(),
    remark: body.remark ?? '',
    ports: body.ports ?? [],
    ranges: (body.ranges ?? []) as Array<{ start: number; end: number }>,
    preset: body.preset ?? '',
  };
  const problem = ippEntryProblem(input);
  if (problem) throw problemError(request, problem);
  // documentation addresses may be protected (the demo's are; a check of one sends nothing)
  const kind = classifyAddress(input.originIp);
  if (!app.config.allowPrivateOrigins && (kind === 'private' || kind === 'loopback')) throw fail('ippPrivateIp');
  const originIp = canonicalIp(input.originIp);
  if (!(await ownsIp(app, account, originIp))) throw refused(request, originIp);
  const { ports, ranges } = normalizePorts(input.ports, input.ranges, input.preset);
  const conflict = await ippConflicts(app.db, { ...input, originIp }, exceptId);
  if (conflict.cname) throw fail('ippCnameTaken');
  if (conflict.origin) {
    // the tenant's own entry may be named; another tenant's answers as any refused IP
    if ((await ippTenantTree(app.db, account)).includes(conflict.origin)) throw fail('ippOriginTaken');
    throw refused(request, originIp);
  }
  return { ...input, originIp, ports, ranges };
}

/** Records an outbound action of the tenant of `account` on `ip`, or refuses it when a limit is reached. */
async function takeSlot(request: FastifyRequest, account: string, ip: string, kind: 'check' | 'proof', ports: number): Promise<void> {
  const app = request.server;
  const [tenant = account] = await ippTenantTree(app.db, account);
  const hit = await takeIppOutbound(app.db, { tenant, ip, kind, ports }, app.config.ipp);
  if (!hit) return;
  const minutes = Math.max(1, Math.ceil(hit.retrySeconds / 60));
  throw fail({ text: text(request, hit.limit === 'account' ? 'ippLimitAccount' : 'ippLimitTarget', { minutes, ip }) });
}

/**
 * The port check of an entry: only of an IP its tenant owns, only the entry's own ports, never a
 * documentation address, within the limits; audited with the ports checked and the failures.
 */
export async function checkEntryPorts(request: FastifyRequest, entry: StoredEntry): Promise<StoredEntry> {
  const app = request.server;
  const ports = expandPorts(entry.ports, entry.ranges);
  auditObject(request, { type: 'ippCheck', id: entry.id, name: `${entry.originIp} (${ports.length} ports)` });
  if (!(await ownsIp(app, entry.account, entry.originIp))) throw refused(request, entry.originIp);
  if (outboundRefusal(entry.originIp, true) === 'documentation')
    throw fail({ text: text(request, 'ippCheckDocumentation', { ip: entry.originIp }) });
  await takeSlot(request, entry.account, entry.originIp, 'check', ports.length);
  const errors = await probePorts(entry.originIp, ports, app.config.allowPrivateOrigins);
  if (!Array.isArray(errors)) throw fail({ text: text(request, 'ippCheckDocumentation', { ip: entry.originIp }) });
  auditChange(request, null, { originIp: entry.originIp, ports, errors });
  const saved = await saveIppCheck(app.db, entry.id, errors, ports.length);
  if (!saved) throw notFound();
  return saved;
}

/** The account a proof call acts for (one of the caller's scope) and the IP, validated. */
async function proofSubject(request: FastifyRequest, body: IppOwnershipBody): Promise<{ account: string; ip: string }> {
  const account = body.account ?? request.user!.account;
  if (!(await request.scope()).has(account)) throw notFound();
  const raw = body.originIp.trim();
  if (!raw) throw fail('ippEmpty');
  if (!isIpAddress(raw)) throw fail('ippFormat');
  return { account, ip: canonicalIp(raw) };
}

function proofReply(app: FastifyInstance, p: IppProof): IppProofReply {
  const port = app.config.ipp.proofPort;
  const host = net.isIPv6(p.ip) ? `[${p.ip}]` : p.ip;
  return {
    originIp: p.ip,
    account: p.account,
    token: p.token,
    path: proofPath(p.token),
    url: `http://${host}${port === 80 ? '' : `:${port}`}${proofPath(p.token)}`,
    verified: p.verifyTime !== null,
    verifyTime: p.verifyTime,
  };
}

/** POST ownership/challenge: the token to serve on the IP (the same one until it is verified). */
export async function ownershipChallenge(request: FastifyRequest, body: IppOwnershipBody): Promise<IppProofReply> {
  const { account, ip } = await proofSubject(request, body);
  const proof = await ippChallenge(request.server.db, account, ip, crypto.randomBytes(16).toString('hex'));
  auditObject(request, { type: 'ippProof', name: ip });
  return proofReply(request.server, proof);
}

/** POST ownership/verify: fetches the token from the IP (outbound guard, limits); found → the IP is proven. */
export async function ownershipVerify(request: FastifyRequest, body: IppOwnershipBody): Promise<IppProofReply> {
  const app = request.server;
  const { account, ip } = await proofSubject(request, body);
  auditObject(request, { type: 'ippProof', name: ip });
  const proof = await getIppProof(app.db, account, ip);
  if (!proof) throw fail('ippProofNoChallenge');
  if (proof.verifyTime) return proofReply(app, proof);
  const reply = proofReply(app, proof);
  await takeSlot(request, account, ip, 'proof', 1);
  const outcome = await probeOrigin(
    { address: ip, port: app.config.ipp.proofPort, protocol: 'http', host: net.isIPv6(ip) ? `[${ip}]` : ip, path: reply.path },
    app.config.allowPrivateOrigins,
    app.config.checkTimeoutMs,
    { readBody: true },
  );
  const failure = (reason: string): PortalError => fail({ text: text(request, 'ippProofFailed', { reason }) });
  if (!outcome.ok) throw failure(text(request, outcome.key, outcome.args));
  if ((outcome.text ?? '').trim() !== proof.token) throw failure(text(request, 'ippProofMismatch', { url: reply.url }));
  return { ...reply, verified: true, verifyTime: await markIppProofVerified(app.db, account, ip) };
}
