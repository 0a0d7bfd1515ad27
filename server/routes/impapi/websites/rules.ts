import type { TypedRoutes } from '../../../lib/typeProvider';
import { fail, impapiOk } from '../../../lib/envelope';
import { writeIfUnchanged } from '../../../lib/staleWrite';
import { issueDue } from '../../../services/domains';
import { ownRule, ownWebsite, ruleInput, validatedRule } from '../../../services/websites';
import { deleteRule, getRule, insertRule, listRules, reorderRules, updateRule } from '../../../stores/config/websitesRules';
import { CLIENT_APPS, RULE_FILTER_CATALOGUE } from '../../../../common/rules/websites/catalogue';
import { RuleCreateSchema, RulePrioritySchema, RuleUpdateSchema, WebsiteIdParams } from '../../../../common/wire/websites';
import { Id32Body, Id32Params } from '../../../../common/wire/shell/schemas';

/**
 * Protection rules of a website (issue #18): CRUD, priority (drag and drop order), and the
 * rule-filter and client-app catalogues (contract rows /impapi/protection/application/rule*,
 * client-app/list; module website). A write is issued: status configuring, then configured (or
 * disabled) by server/jobs/websiteIssuing.ts.
 */

const view = { module: 'website', access: 'view' } as const;
const operation = { module: 'website', access: 'operation' } as const;

export const wafRuleRoutes: TypedRoutes = async (app) => {
  app.get('/impapi/protection/application/rule/list/:websiteId', { config: view, schema: { params: WebsiteIdParams } }, async (request) => {
    const website = await ownWebsite(request, request.params.websiteId);
    return impapiOk(await listRules(app.db, [website.id]));
  });

  app.get('/impapi/protection/application/rule/detail/:id', { config: view, schema: { params: Id32Params } }, async (request) => {
    return impapiOk(await ownRule(request, request.params.id));
  });

  app.post('/impapi/protection/application/rule/create', { config: operation, schema: { body: RuleCreateSchema } }, async (request) => {
    const body = request.body;
    const website = await ownWebsite(request, body.websiteId);
    const id = await insertRule(app.db, validatedRule(ruleInput({ ...body, websiteId: website.id })), issueDue(app.config));
    return impapiOk(await getRule(app.db, id));
  });

  app.post('/impapi/protection/application/rule/update', { config: operation, schema: { body: RuleUpdateSchema } }, async (request) => {
    const body = request.body;
    const rule = await ownRule(request, body.id);
    const input = validatedRule(ruleInput({ ...body, websiteId: rule.websiteId }));
    await writeIfUnchanged(request, 'waf_rules', rule.id, body.updateTime, (db) => updateRule(db, rule.id, input, issueDue(app.config)));
    return impapiOk(await getRule(app.db, rule.id));
  });

  // The new order of all the website's rules, first = priority 1.
  app.post('/impapi/protection/application/rule/priority', { config: operation, schema: { body: RulePrioritySchema } }, async (request) => {
    const body = request.body;
    const website = await ownWebsite(request, body.websiteId);
    const current = await listRules(app.db, [website.id]);
    const ids = new Set(current.map((r) => r.id));
    if (body.ids.length !== ids.size || new Set(body.ids).size !== ids.size || body.ids.some((id) => !ids.has(id)))
      throw fail('wafRangeError');
    await reorderRules(app.db, website.id, body.ids, issueDue(app.config));
    return impapiOk(await listRules(app.db, [website.id]));
  });

  app.post('/impapi/protection/application/rule/delete', { config: operation, schema: { body: Id32Body } }, async (request) => {
    const rule = await ownRule(request, request.body.id);
    await deleteRule(app.db, rule.id);
    return impapiOk({ id: rule.id });
  });

  app.get('/impapi/protection/application/rule-filter/list', { config: view }, async () => impapiOk(RULE_FILTER_CATALOGUE));
  app.get('/impapi/protection/application/client-app/list', { config: view }, async () => impapiOk(CLIENT_APPS));
};
