import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { Type, type Static } from '@sinclair/typebox';
import { fail, impapiOk, notFound } from '../../../lib/envelope';
import { issueDue } from '../../../services/domains';
import { ownWebsite } from './websites';
import { deleteRule, getRule, insertRule, listRules, reorderRules, updateRule } from '../../../stores/config/websitesRules';
import {
  FILTER_FIELDS, FILTER_OPERATORS, REDIRECT_CODES, validateRule, WAF_CATEGORIES, WAF_RESPONSES,
  type RuleActionType, type RuleInput,
} from '../../../../common/rules/websites/index';
import { CLIENT_APPS, RULE_FILTER_CATALOGUE } from '../../../../common/rules/websites/catalogue';
import type { Rule } from '../../../../common/wire/websites';
import type { ServerMessageKey } from '../../../../i18n/serverMessages';

/**
 * Protection rules of a website (issue #18): CRUD, priority (drag and drop order), and the
 * rule-filter and client-app catalogues (contract rows /impapi/protection/application/rule*,
 * client-app/list; module website). A write is issued: status configuring, then configured (or
 * disabled) by server/jobs/websiteIssuing.ts.
 */

const view = { module: 'website', access: 'view' } as const;
const operation = { module: 'website', access: 'operation' } as const;

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Header = Type.Object({ name: Type.String({ maxLength: 64 }), value: Type.String({ maxLength: 1024 }) }, { additionalProperties: false });
const Response = Type.Union(WAF_RESPONSES.map((r) => Type.Literal(r)));
const Action = Type.Object(
  {
    target: Type.Optional(Type.String({ maxLength: 2048 })),
    statusCode: Type.Optional(Type.Union(REDIRECT_CODES.map((c) => Type.Literal(c)))),
    requests: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    blockTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400 })),
    mode: Type.Optional(Type.Union([Type.Literal('challenge'), Type.Literal('block')])),
    url: Type.Optional(Type.String({ maxLength: 2048 })),
    headers: Type.Optional(Type.Array(Header, { maxItems: 20 })),
    origin: Type.Optional(Type.String({ maxLength: 300 })),
    overrides: Type.Optional(Type.Object(Object.fromEntries(WAF_CATEGORIES.map((c) => [c, Type.Optional(Response)])), { additionalProperties: false })),
  },
  { additionalProperties: false },
);
const Filter = Type.Object(
  {
    field: Type.Union(FILTER_FIELDS.map((f) => Type.Literal(f))),
    operator: Type.Union(FILTER_OPERATORS.map((o) => Type.Literal(o))),
    value: Type.String({ maxLength: 1024 }),
    header: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
const RuleFields = {
  websiteId: Id,
  name: Type.String({ maxLength: 200 }),
  enabled: Type.Optional(Type.Boolean()),
  actionType: Type.Union([1, 2, 3, 4, 5, 6, 7].map((t) => Type.Literal(t))),
  action: Type.Optional(Action),
  filters: Type.Optional(Type.Array(Filter, { maxItems: 20 })),
  clientAppIds: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
  interval: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_400 })),
};
export const CreateBody = Type.Object(RuleFields, { additionalProperties: false });
const UpdateBody = Type.Object({ id: Id, ...RuleFields, websiteId: Type.Optional(Id) }, { additionalProperties: false });
const PriorityBody = Type.Object({ websiteId: Id, ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }) }, { additionalProperties: false });

const KNOWN_APPS = new Set(CLIENT_APPS.map((c) => c.id));

export function ruleInput(body: Static<typeof CreateBody>): RuleInput {
  return {
    websiteId: body.websiteId, name: body.name.trim(), enabled: body.enabled ?? true, actionType: body.actionType as RuleActionType,
    action: body.action ?? {}, filters: (body.filters ?? []).map((f) => ({ ...f, value: f.value.trim() })),
    clientAppIds: [...new Set(body.clientAppIds ?? [])], interval: body.interval ?? 60,
  };
}

export async function ownRule(request: FastifyRequest, id: number): Promise<Rule> {
  const rule = await getRule(request.server.db, id);
  const scope = await request.scope();
  if (!rule || !scope.has(rule.account)) throw notFound();
  return rule;
}

/** The rules of create and update (also the dry run's, server/routes/impapi/wafDryRun.ts). */
export function validated(input: RuleInput): RuleInput {
  const problems = validateRule(input);
  if (problems.length) throw fail(problems[0].key as ServerMessageKey);
  if (input.clientAppIds.some((a) => !KNOWN_APPS.has(a))) throw fail('wafFormatError');
  return input;
}

export const wafRuleRoutes: TypedRoutes = async (app) => {

  app.get('/impapi/protection/application/rule/list/:websiteId', { config: view, schema: { params: Type.Object({ websiteId: Id }) } }, async (request) => {
    const website = await ownWebsite(request, request.params.websiteId);
    return impapiOk(await listRules(app.db, [website.id]));
  });

  app.get('/impapi/protection/application/rule/detail/:id', { config: view, schema: { params: Type.Object({ id: Id }) } }, async (request) => {
    return impapiOk(await ownRule(request, request.params.id));
  });

  app.post('/impapi/protection/application/rule/create', { config: operation, schema: { body: CreateBody } }, async (request) => {
    const body = request.body;
    const website = await ownWebsite(request, body.websiteId);
    const id = await insertRule(app.db, validated(ruleInput({ ...body, websiteId: website.id })), issueDue());
    return impapiOk(await getRule(app.db, id));
  });

  app.post('/impapi/protection/application/rule/update', { config: operation, schema: { body: UpdateBody } }, async (request) => {
    const body = request.body;
    const rule = await ownRule(request, body.id);
    await updateRule(app.db, rule.id, validated(ruleInput({ ...body, websiteId: rule.websiteId })), issueDue());
    return impapiOk(await getRule(app.db, rule.id));
  });

  // The new order of all the website's rules, first = priority 1.
  app.post('/impapi/protection/application/rule/priority', { config: operation, schema: { body: PriorityBody } }, async (request) => {
    const body = request.body;
    const website = await ownWebsite(request, body.websiteId);
    const current = await listRules(app.db, [website.id]);
    const ids = new Set(current.map((r) => r.id));
    if (body.ids.length !== ids.size || new Set(body.ids).size !== ids.size || body.ids.some((id) => !ids.has(id))) throw fail('wafRangeError');
    await reorderRules(app.db, website.id, body.ids, issueDue());
    return impapiOk(await listRules(app.db, [website.id]));
  });

  app.post('/impapi/protection/application/rule/delete', { config: operation, schema: { body: Type.Object({ id: Id }, { additionalProperties: false }) } }, async (request) => {
    const rule = await ownRule(request, request.body.id);
    await deleteRule(app.db, rule.id);
    return impapiOk({ id: rule.id });
  });

  app.get('/impapi/protection/application/rule-filter/list', { config: view }, async () => impapiOk(RULE_FILTER_CATALOGUE));
  app.get('/impapi/protection/application/client-app/list', { config: view }, async () => impapiOk(CLIENT_APPS));
};
