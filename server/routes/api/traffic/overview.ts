import type { TypedRoutes } from '../../../lib/typeProvider';
import dayjs from 'dayjs';
import { fail, notFound, ok } from '../../../lib/envelope';
import { overview, sequential, serviceDomains } from '../../../stores/traffic/analysis/overview';
import { configuredDomains, trafficDomains, trafficProviders, trafficSpan } from '../../../stores/traffic/analysis/options';
import { monthRange } from '../../../stores/traffic/analysis/bill';
import { accountSubtree, allAccounts, getAccount } from '../../../stores/config/usersAccounts';
import {
  AnalysisSearchSchema,
  EncryptedBodySchema,
  ServiceInfoInitQuerySchema,
  type ServiceDomain,
} from '../../../../common/wire/traffic/index';
import { accountFilters, decryptBody, requestZone, toSearch } from '../../../services/traffic';

/**
 * Overview and service info (contract rows POST /api/overview, /api/serviceinfo with DES-ECB
 * payloads, POST /api/sequential, GET /api/serviceinfo/init).
 */
export const overviewRoutes: TypedRoutes = async (app) => {
  const des = (b64: string) => app.cipher.desDecrypt(b64);

  app.post('/api/overview', { config: { module: 'overview', access: 'view' }, schema: { body: EncryptedBodySchema } }, async (request) => {
    const raw = decryptBody(request, des, AnalysisSearchSchema);
    return ok(await overview(app.traffic, await toSearch(request, raw, 'auto')));
  });

  app.post('/api/sequential', { config: { module: 'overview', access: 'view' }, schema: { body: AnalysisSearchSchema } }, async (request) =>
    ok(await sequential(app.traffic, await toSearch(request, request.body, 'auto'))),
  );

  const serviceInfo = { module: 'serviceinfo', access: 'view' } as const;
  app.post('/api/serviceinfo', { config: serviceInfo, schema: { body: EncryptedBodySchema } }, async (request) => {
    const raw = decryptBody(request, des);
    const scope = await request.scope();
    const account = typeof raw.account === 'string' && raw.account ? raw.account.replace('@+@', '') : request.user!.account;
    if (!scope.has(account)) throw notFound();
    const row = await getAccount(app.db, account);
    if (!row) throw notFound();
    const tz = requestZone(raw.timeZone);
    const month = typeof raw.month === 'string' && raw.month ? raw.month : dayjs().tz(tz).format('YYYY-MM');
    const range = monthRange(month, month, tz);
    if (!range) throw fail('analysisMonthFormat');
    // The account and its sub-accounts, within what the caller may see.
    const accounts = (await accountSubtree(app.db, account)).map((a) => a.identity).filter((a) => scope.has(a));
    const search = { ...accountFilters(accounts, []), ...range, interval: '1d' as const, tz };
    const [configured, used] = [await configuredDomains(app.db, accounts), await serviceDomains(app.traffic, search)];
    const types = new Map(configured.map((d) => [d.name, d.type]));
    const byName = new Map(used.map((d) => [d.domain, d]));
    const domains: ServiceDomain[] = [
      ...used.map((d) => ({ ...d, type: types.get(d.domain) ?? '' })),
      ...configured
        .filter((d) => !byName.has(d.name))
        .map((d) => ({
          domain: d.name,
          account: d.account,
          type: d.type,
          flow: 0,
          request: 0,
          peakBandwidth: 0,
          providers: [],
          lastSeen: null,
        })),
    ];
    const services = [...new Set(domains.map((d) => d.type || 'cdn'))].sort().map((name) => {
      const of = domains.filter((d) => (d.type || 'cdn') === name);
      return {
        name,
        domainCount: of.length,
        flow: of.reduce((a, d) => a + d.flow, 0),
        request: of.reduce((a, d) => a + d.request, 0),
        peakBandwidth: Math.max(0, ...of.map((d) => d.peakBandwidth)),
      };
    });
    return ok({ account, companyName: row.companyName, month, services, domains });
  });

  app.get('/api/serviceinfo/init', { config: serviceInfo, schema: { querystring: ServiceInfoInitQuerySchema } }, async (request) => {
    const scope = await request.scope();
    const asked = request.query.account;
    const account = asked ? asked.replace('@+@', '') : request.user!.account;
    if (!scope.has(account)) throw notFound();
    const row = await getAccount(app.db, account);
    if (!row) throw notFound();
    const tree = scope.all && !asked ? await allAccounts(app.db) : await accountSubtree(app.db, account);
    const visible = tree.filter((a) => scope.has(a.identity));
    const ids = visible.map((a) => a.identity);
    const configured = await configuredDomains(app.db, ids);
    const seen = await trafficDomains(app.traffic, ids);
    const span = await trafficSpan(app.traffic, ids);
    return ok({
      account,
      companyName: row.companyName,
      accounts: visible.map((a) => ({ identity: a.identity, companyName: a.companyName, parent: a.parent })),
      domains: [...new Set([...configured.map((d) => d.name), ...seen.map((d) => d.domain)])].sort(),
      providers: await trafficProviders(app.traffic, ids),
      firstTime: span.first,
      lastTime: span.last,
    });
  });
};
