import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { Type, type Static } from '@sinclair/typebox';
import { fail, impapiOk, notFound } from '../../../lib/envelope';
import { ownWebsite } from './websites';
import { deletePolicy, getPolicy, insertPolicy, listPolicies, updatePolicy } from '../../../stores/config/websitesPolicies';
import { validatePolicy, WAF_CATEGORIES, WAF_RESPONSES, type PolicyInput, type WafConfig } from '../../../../common/rules/websites/index';
import type { Policy } from '../../../../common/wire/websites';
import type { ServerMessageKey } from '../../../../i18n/serverMessages';

/**
 * Protection policies of a website (issue #18): type 1 access-control list, 2 allow list, 3 WAF
 * categories (contract rows /impapi/protection/application/policy/*; module website). Enable and
 * disable are an update of `enabled`. Another tenant's policy or website answers like a missing one.
 */

const view = { module: 'website', access: 'view' } as const;
const operation = { module: 'website', access: 'operation' } as const;

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const List = Type.Optional(Type.Array(Type.String({ maxLength: 1024 }), { maxItems: 500 }));
const Response = Type.Union(WAF_RESPONSES.map((r) => Type.Literal(r)));
const PolicyFields = {
  websiteId: Id,
  name: Type.String({ maxLength: 200 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  type: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  enabled: Type.Optional(Type.Boolean()),
  countries: List,
  urls: List,
  ips: List,
  clientAppIds: List,
  exceptions: List,
  waf: Type.Optional(Type.Object(Object.fromEntries(WAF_CATEGORIES.map((c) => [c, Type.Optional(Response)])), { additionalProperties: false })),
};
export const CreateBody = Type.Object(PolicyFields, { additionalProperties: false });
const UpdateBody = Type.Object({ id: Id, ...PolicyFields, websiteId: Type.Optional(Id) }, { additionalProperties: false });

const DEFAULT_WAF: WafConfig = { xss: 'block_request', illegalResource: 'block_request', rfi: 'block_request', sqli: 'block_request' };

export function policyInput(body: Static<typeof CreateBody>): PolicyInput {
  const clean = (l: string[] | undefined) => [...new Set((l ?? []).map((s) => s.trim()).filter(Boolean))];
  return {
    websiteId: body.websiteId, name: body.name.trim(), description: body.description ?? '', type: body.type, enabled: body.enabled ?? true,
    countries: clean(body.countries).map((c) => c.toUpperCase()), urls: clean(body.urls), ips: clean(body.ips), clientAppIds: clean(body.clientAppIds),
    exceptions: clean(body.exceptions), waf: { ...DEFAULT_WAF, ...(body.waf ?? {}) } as WafConfig,
  };
}

export async function ownPolicy(request: FastifyRequest, id: number): Promise<Policy> {
  const policy = await getPolicy(request.server.db, id);
  const scope = await request.scope();
  if (!policy || !scope.has(policy.account)) throw notFound();
  return policy;
}

/** The rules of create and update (also the dry run's, server/routes/impapi/wafDryRun.ts). */
export function validated(input: PolicyInput): PolicyInput {
  const problems = validatePolicy(input);
  if (problems.length) throw fail(problems[0].key as ServerMessageKey);
  return input;
}

export const wafPolicyRoutes: TypedRoutes = async (app) => {

  app.get('/impapi/protection/application/policy/list/:websiteId', { config: view, schema: { params: Type.Object({ websiteId: Id }) } }, async (request) => {
    const website = await ownWebsite(request, request.params.websiteId);
    return impapiOk(await listPolicies(app.db, [website.id]));
  });

  app.get('/impapi/protection/application/policy/detail/:id', { config: view, schema: { params: Type.Object({ id: Id }) } }, async (request) => {
    return impapiOk(await ownPolicy(request, request.params.id));
  });

  app.post('/impapi/protection/application/policy/create', { config: operation, schema: { body: CreateBody } }, async (request) => {
    const body = request.body;
    const website = await ownWebsite(request, body.websiteId);
    const id = await insertPolicy(app.db, validated(policyInput({ ...body, websiteId: website.id })));
    return impapiOk(await getPolicy(app.db, id));
  });

  app.post('/impapi/protection/application/policy/update', { config: operation, schema: { body: UpdateBody } }, async (request) => {
    const body = request.body;
    const policy = await ownPolicy(request, body.id);
    await updatePolicy(app.db, policy.id, validated(policyInput({ ...body, websiteId: policy.websiteId })));
    return impapiOk(await getPolicy(app.db, policy.id));
  });

  app.post('/impapi/protection/application/policy/delete', { config: operation, schema: { body: Type.Object({ id: Id }, { additionalProperties: false }) } }, async (request) => {
    const policy = await ownPolicy(request, request.body.id);
    await deletePolicy(app.db, policy.id);
    return impapiOk({ id: policy.id });
  });
};
