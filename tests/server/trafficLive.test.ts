import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeApp, signIn } from './helpers';
import { addDomain } from './domainFixtures';
import { topUpDemoTraffic } from '../../server/demo/liveTraffic';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
});

const maxTs = async (table: string) =>
  Number((await app.traffic.query<{ t: number }>(`SELECT toUnixTimestamp(max(ts)) AS t FROM ${table}`))[0].t);

describe('live demo traffic', () => {
  it('extends logs and line bandwidth up to now, never into the future', async () => {
    const before = await maxTs('traffic.access_log');
    const now = Date.now() + 90 * 60_000; // pretend 90 minutes went by
    const result = await topUpDemoTraffic(app.traffic, app.db, 0.05, now);
    expect(result.rows).toBeGreaterThan(0);
    expect(result.lineSamples).toBeGreaterThan(0);
    const after = await maxTs('traffic.access_log');
    expect(after).toBeGreaterThan(before);
    expect(after).toBeLessThanOrEqual(Math.floor(now / 1000));
    expect(await maxTs('traffic.line_bandwidth_1m')).toBeLessThanOrEqual(Math.floor(now / 1000));
    const [staging] = await app.traffic.query<{ n: number }>('SELECT count() AS n FROM traffic.demo_staging');
    expect(Number(staging.n)).toBe(0);
  });

  it('does nothing when the data is already current', async () => {
    const last = await maxTs('traffic.access_log');
    const result = await topUpDemoTraffic(app.traffic, app.db, 0.05, (last + 10) * 1000);
    expect(result.rows).toBe(0);
  });

  it('writes rows only for demo domains, never for a domain a customer created (issue #35)', async () => {
    const name = 'own.live-filter.example';
    const added = await addDomain(app, await signIn(app, 'acme'), { name });
    expect(added.body.code, added.body.msg).toBe('0');
    const last = await maxTs('traffic.access_log');
    const result = await topUpDemoTraffic(app.traffic, app.db, 0.05, (last + 2 * 3600) * 1000);
    expect(result.rows).toBeGreaterThan(0);
    const [own] = await app.traffic.query<{ n: number }>('SELECT count() AS n FROM traffic.access_log WHERE domain = {d:String}', {
      d: name,
    });
    expect(Number(own.n)).toBe(0);
  });
});
