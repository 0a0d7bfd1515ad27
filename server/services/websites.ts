import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, notFound } from '../lib/envelope';
import type { ConfigDb } from '../stores/config/db';
import { getWebsite, protectionAddressTaken } from '../stores/config/websites';
import { getPolicy } from '../stores/config/websitesPolicies';
import { getRule } from '../stores/config/websitesRules';
import {
  validatePolicy,
  validateRule,
  type PolicyInput,
  type RuleActionType,
  type RuleInput,
  type WafConfig,
  type FieldProblem,
} from '../../common/rules/websites/index';
import { CLIENT_APPS } from '../../common/rules/websites/catalogue';
import type { Policy, PolicyCreate, Rule, RuleCreate, Website } from '../../common/wire/websites';
import { serverMessages } from '../../i18n/serverMessages';
import { formatDomainMessage } from '../../common/rules/domains/messages';

/**
 * Website protection (issue #18, docs/websites.md): what the website, policy, rule and dry-run routes
 * share: ownership (another tenant's answers like a missing one), the protection addresses under the
 * provider's zone (PortalConfig.edgeZone, PORTAL_EDGE_ZONE), and the normalising and validation of
 * policies and rules (create, update and the dry run of an unsaved one).
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
