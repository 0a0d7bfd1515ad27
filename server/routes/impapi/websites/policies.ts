import type { TypedRoutes } from '../../../lib/typeProvider';
import { impapiOk } from '../../../lib/envelope';
import { writeIfUnchanged } from '../../../lib/staleWrite';
import { ownPolicy, ownWebsite, policyInput, validatedPolicy } from '../../../services/websites';
import { deletePolicy, getPolicy, insertPolicy, listPolicies, updatePolicy } from '../../../stores/config/websitesPolicies';
import { PolicyCreateSchema, PolicyUpdateSchema, WebsiteIdParams } from '../../../../common/wire/websites';
import { Id32Body, Id32Params } from '../../../../common/wire/shell/schemas';

/**
 * Protection policies of a website (issue #18): type 1 access-control list, 2 allow list, 3 WAF
 * categories (contract rows /impapi/protection/application/policy/*; module website). Enable and
 * disable are an update of `enabled`. Another tenant's policy or website answers like a missing one.
 */

const view = { module: 'website', access: 'view' } as const;
const operation = { module: 'website', access: 'operation' } as const;

export const wafPolicyRoutes: TypedRoutes = async (app) => {
  app.get(
    '/impapi/protection/application/policy/list/:websiteId',
    { config: view, schema: { params: WebsiteIdParams } },
    async (request) => {
      const website = await ownWebsite(request, request.params.websiteId);
      return impapiOk(await listPolicies(app.db, [website.id]));
    },
  );

  app.get('/impapi/protection/application/policy/detail/:id', { config: view, schema: { params: Id32Params } }, async (request) => {
    return impapiOk(await ownPolicy(request, request.params.id));
  });

  app.post('/impapi/protection/application/policy/create', { config: operation, schema: { body: PolicyCreateSchema } }, async (request) => {
    const body = request.body;
    const website = await ownWebsite(request, body.websiteId);
    const id = await insertPolicy(app.db, validatedPolicy(policyInput({ ...body, websiteId: website.id })));
    return impapiOk(await getPolicy(app.db, id));
  });

  app.post('/impapi/protection/application/policy/update', { config: operation, schema: { body: PolicyUpdateSchema } }, async (request) => {
    const body = request.body;
    const policy = await ownPolicy(request, body.id);
    const input = validatedPolicy(policyInput({ ...body, websiteId: policy.websiteId }));
    await writeIfUnchanged(request, 'waf_policies', policy.id, body.updateTime, (db) => updatePolicy(db, policy.id, input));
    return impapiOk(await getPolicy(app.db, policy.id));
  });

  app.post('/impapi/protection/application/policy/delete', { config: operation, schema: { body: Id32Body } }, async (request) => {
    const policy = await ownPolicy(request, request.body.id);
    await deletePolicy(app.db, policy.id);
    return impapiOk({ id: policy.id });
  });
};
