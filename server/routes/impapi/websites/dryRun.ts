import type { TypedRoutes } from '../../../lib/typeProvider';
import { fail, impapiOk, notFound } from '../../../lib/envelope';
import { ownPolicy, ownRule, ownWebsite, policyInput, ruleInput, validatedPolicy, validatedRule } from '../../../services/websites';
import { compilePolicySql, compileRuleSql, type DryRunCompiled } from '../../../stores/traffic/websitesDryRunSql';
import { dryRun, type DryRunScope } from '../../../stores/traffic/websitesDryRun';
import { clientAppColumnReady } from '../../../stores/traffic/clientAppColumn';
import { DryRunQuerySchema, type DryRunResult } from '../../../../common/wire/websites';

/**
 * Dry run of a protection rule or policy before enabling it (issue #18; a documented extra outside
 * the contract, docs/websites.md): POST /impapi/protection/application/rule/dryRun with a
 * website id and either a stored rule or policy (ruleId, policyId: the website's own) or an unsaved
 * one (rule, policy: the create body without websiteId, validated like a create). Its filters are
 * compiled to a ClickHouse predicate (server/stores/traffic/websitesDryRunSql.ts) and counted over the website's
 * own account and domain in traffic.access_log for the last 24 hours: matched and total per hour
 * and up to 20 matching requests. Module website, view.
 */

const view = { module: 'website', access: 'view' } as const;

const HOUR = 3600;

/** The last 24 hours in whole hours: 23 full ones and the current one up to now. */
export function dryRunWindow(nowSeconds: number): { start: number; end: number } {
  const hour = Math.floor(nowSeconds / HOUR) * HOUR;
  return { start: hour - 23 * HOUR, end: nowSeconds + 1 };
}

export const wafDryRunRoutes: TypedRoutes = async (app) => {
  app.post('/impapi/protection/application/rule/dryRun', { config: view, schema: { body: DryRunQuerySchema } }, async (request) => {
    const body = request.body;
    const website = await ownWebsite(request, body.websiteId);
    const given = [body.ruleId, body.policyId, body.rule, body.policy].filter((x) => x !== undefined).length;
    if (given !== 1) throw fail('wafCannotBeEmpty');
    // client apps from the column computed at ingest once it holds the current catalogue everywhere
    const options = { clientAppColumn: await clientAppColumnReady(app.traffic) };
    let compiled: DryRunCompiled;
    if (body.ruleId !== undefined) {
      const rule = await ownRule(request, body.ruleId);
      if (rule.websiteId !== website.id) throw notFound();
      compiled = compileRuleSql(rule, options);
    } else if (body.policyId !== undefined) {
      const policy = await ownPolicy(request, body.policyId);
      if (policy.websiteId !== website.id) throw notFound();
      compiled = compilePolicySql(policy, options);
    } else if (body.rule) {
      compiled = compileRuleSql(validatedRule(ruleInput({ ...body.rule, websiteId: website.id })), options);
    } else {
      compiled = compilePolicySql(validatedPolicy(policyInput({ ...body.policy!, websiteId: website.id })), options);
    }
    const { start, end } = dryRunWindow(Math.floor(Date.now() / 1000));
    const hours = Array.from({ length: 24 }, (_, i) => ({ time: (start + i * HOUR) * 1000, matched: 0, total: 0 }));
    const result: DryRunResult = {
      evaluable: compiled.evaluable,
      domain: website.domain,
      startTime: start,
      endTime: end,
      hours,
      matched: 0,
      total: 0,
      samples: [],
      elapsedMs: 0,
    };
    if (!compiled.evaluable) return impapiOk({ ...result, notEvaluable: compiled.reason });
    const scope: DryRunScope = { account: website.account, domain: website.domain, start, end };
    const began = performance.now();
    const { hours: counts, samples } = await dryRun(app.traffic, scope, compiled.predicate);
    for (const c of counts) {
      const slot = hours.find((h) => h.time === c.time);
      if (slot) Object.assign(slot, { matched: c.matched, total: c.total });
    }
    return impapiOk({
      ...result,
      hours,
      samples,
      elapsedMs: Math.round(performance.now() - began),
      matched: hours.reduce((s, h) => s + h.matched, 0),
      total: hours.reduce((s, h) => s + h.total, 0),
    });
  });
};
