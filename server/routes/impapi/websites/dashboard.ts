import type { TypedRoutes } from '../../../lib/typeProvider';
import { fail, impapiOk } from '../../../lib/envelope';
import { ownWebsite } from '../../../services/websites';
import { listWebsites } from '../../../stores/config/websites';
import { securityEventStats } from '../../../stores/traffic/websitesEvents';
import { websiteTraffic } from '../../../stores/traffic/websites';
import { StatisticQuerySchema, type StatisticData } from '../../../../common/wire/websites';

/**
 * The website protection dashboard (issue #18, contract row POST statistic/data; module dashboards):
 * byteList (time, flow, bandwidth) and countList (time, requests) of a website, or of all the
 * caller's websites, read from the CDN access logs of the traffic store (traffic.access_log) for
 * the websites' domains and owning accounts (stores/traffic/websiteTraffic.ts); and the security events of
 * those websites (traffic.security_events, each website with its own account): events per bucket,
 * top categories, attacking IPs, countries and actions taken. Times in ms (spec §9).
 */

const view = { module: 'dashboards', access: 'view' } as const;
/** Bucket length: 5 minutes up to a day, an hour up to 31 days, a day beyond. */
export function bucketSeconds(span: number): number {
  if (span <= 86_400) return 300;
  if (span <= 31 * 86_400) return 3600;
  return 86_400;
}

export const wafDashboardRoutes: TypedRoutes = async (app) => {
  app.post('/impapi/protection/application/statistic/data', { config: view, schema: { body: StatisticQuerySchema } }, async (request) => {
    const body = request.body;
    if (body.endTime <= body.startTime || body.endTime - body.startTime > 92 * 86_400) throw fail('wafRangeError');
    const scope = await request.scope();
    const websites =
      body.websiteId !== undefined
        ? [await ownWebsite(request, body.websiteId)]
        : await listWebsites(app.db, scope.all ? null : scope.accounts);
    const interval = bucketSeconds(body.endTime - body.startTime);
    const empty: StatisticData = {
      byteList: [],
      countList: [],
      interval,
      domains: websites.map((w) => w.domain),
      eventCountList: [],
      totalEvents: 0,
      topCategories: [],
      topIps: [],
      topCountries: [],
      actions: [],
    };
    if (!websites.length) return impapiOk(empty);
    const rows = await websiteTraffic(app.traffic, websites, body.startTime, body.endTime, interval);
    const events = await securityEventStats(app.traffic, websites, body.startTime, body.endTime, interval);
    const data: StatisticData = {
      ...empty,
      ...events,
      byteList: rows.map((r) => ({ time: r.t * 1000, flow: r.bytes, bandwidth: Math.round((r.bytes * 8) / interval) })),
      countList: rows.map((r) => ({ time: r.t * 1000, count: r.requests })),
    };
    return impapiOk(data);
  });
};
