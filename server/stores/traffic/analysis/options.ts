import type { ConfigDb } from '../../config/db';
import type { TrafficEngine } from '../engine';
import type { AnalysisOptionsData, NameValue, PullDownOptions } from '../../../../common/wire/traffic/index';
import { num } from './numbers';

export interface ConfiguredDomain {
  name: string;
  account: string;
  type: string;
}

/** Domains of the configuration store within `accounts` (null = all). */
export async function configuredDomains(db: ConfigDb, accounts: string[] | null): Promise<ConfiguredDomain[]> {
  if (accounts && !accounts.length) return [];
  try {
    return accounts
      ? await db.query<ConfiguredDomain>('SELECT name, account, type FROM domains WHERE account = ANY($1::text[]) ORDER BY name', [
          accounts,
        ])
      : await db.query<ConfiguredDomain>('SELECT name, account, type FROM domains ORDER BY name');
  } catch {
    // A store without the domains table (an older data dir): the traffic alone tells.
    return [];
  }
}

const accountWhere = (accounts: string[] | null) => (accounts ? 'WHERE account IN {accounts:Array(String)}' : '');

/** Domains that have traffic (the daily totals, whole retention), per account. */
export async function trafficDomains(engine: TrafficEngine, accounts: string[] | null): Promise<{ account: string; domain: string }[]> {
  if (accounts && !accounts.length) return [];
  return engine.query<{ account: string; domain: string }>(
    `SELECT DISTINCT account, domain FROM traffic.r_totals_1d ${accountWhere(accounts)} ORDER BY account, domain`,
    accounts ? { accounts } : {},
  );
}

/** Provider codes seen in the caller's traffic; the code is also its display name. */
export async function trafficProviders(engine: TrafficEngine, accounts: string[] | null): Promise<NameValue[]> {
  if (accounts && !accounts.length) return [];
  const rows = await engine.query<{ provider: string }>(
    `SELECT DISTINCT provider FROM traffic.r_totals_1d ${accountWhere(accounts)} ORDER BY provider`,
    accounts ? { accounts } : {},
  );
  return rows.filter((r) => r.provider).map((r) => ({ name: r.provider, value: r.provider }));
}

/** POST /api/common/analysisOptions: account → domains (configured or with traffic), provider map. */
export async function analysisOptions(db: ConfigDb, engine: TrafficEngine, accounts: string[] | null): Promise<AnalysisOptionsData> {
  const [configured, seen, providers] = [
    await configuredDomains(db, accounts),
    await trafficDomains(engine, accounts),
    await trafficProviders(engine, accounts),
  ];
  const domainMap: Record<string, string[]> = {};
  for (const { account, name } of [
    ...configured.map((d) => ({ account: d.account, name: d.name })),
    ...seen.map((d) => ({ account: d.account, name: d.domain })),
  ]) {
    const list = (domainMap[account] ??= []);
    if (!list.includes(name)) list.push(name);
  }
  for (const list of Object.values(domainMap)) list.sort();
  return { domainMap, providerMap: Object.fromEntries(providers.map((p) => [p.value, p.name])) };
}

/** GET /api/es/pullDown/offLine: the areas present in the caller's traffic. */
export async function pullDown(engine: TrafficEngine, accounts: string[] | null): Promise<PullDownOptions> {
  const empty: PullDownOptions = { all: { continent: [], country: [] }, cn: { province: [], isp: [] } };
  if (accounts && !accounts.length) return empty;
  const rows = await engine.query<{ continents: string[]; countries: string[]; provinces: string[]; isps: string[] }>(
    `SELECT arraySort(groupUniqArrayIf(continent, continent != '')) AS continents,
       arraySort(groupUniqArrayIf(country, country != '')) AS countries,
       arraySort(groupUniqArrayIf(province, country = 'CN' AND province != '')) AS provinces,
       arraySort(groupUniqArrayIf(isp, country = 'CN' AND isp != '')) AS isps
     FROM traffic.r_geo_1d ${accountWhere(accounts)}`,
    accounts ? { accounts } : {},
  );
  const r = rows[0];
  if (!r) return empty;
  const nv = (xs: string[]) => xs.map((x) => ({ name: x, value: x }));
  return { all: { continent: nv(r.continents), country: nv(r.countries) }, cn: { province: nv(r.provinces), isp: nv(r.isps) } };
}

/** First and last 5-minute bucket with traffic (seconds), for service info. */
export async function trafficSpan(
  engine: TrafficEngine,
  accounts: string[] | null,
): Promise<{ first: number | null; last: number | null }> {
  if (accounts && !accounts.length) return { first: null, last: null };
  const [row] = await engine.query<Record<string, unknown>>(
    `SELECT count() AS n, toUnixTimestamp(min(bucket)) AS first, toUnixTimestamp(max(bucket)) AS last
     FROM traffic.r_totals_1d ${accountWhere(accounts)}`,
    accounts ? { accounts } : {},
  );
  return num(row?.n) ? { first: num(row.first), last: num(row.last) } : { first: null, last: null };
}
