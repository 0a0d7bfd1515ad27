import type { TrafficEngine } from '../engine';
import type { AnalysisMeasure, ShareItem, UserListAll, UserListCn } from '../../../../common/wire/traffic/index';
import { buildUnion, fromUnion, key, measureColumn } from './plan';
import { num, pct } from './numbers';
import type { Search } from './search';

const GEO_SOURCES = ['geo'] as const;

/** POST /api/es/userDistribution/{variant} (requests) and /cn/flow: China by province and by ISP. */
export async function userListCn(engine: TrafficEngine, s: Search, by: AnalysisMeasure): Promise<UserListCn> {
  const union = buildUnion(
    { sources: [...GEO_SOURCES], keys: [key('country'), key('province'), key('isp')], measures: ['requests', 'bytes'] },
    s,
    s,
  );
  const m = measureColumn(by);
  const rows = await engine.query<Record<string, unknown>>(
    `SELECT x.province AS province, x.isp AS isp, grouping(x.province) AS gp, grouping(x.isp) AS gi,
       sum(x.${m}) AS v, sumIf(x.${m}, x.country = 'CN') AS vcn
     FROM ${fromUnion(union)}
     GROUP BY GROUPING SETS ((x.province), (x.isp), ())
     ORDER BY vcn DESC, province, isp`,
    union.params,
  );
  const whole = rows.find((r) => num(r.gp) === 1 && num(r.gi) === 1);
  const countCN = num(whole?.vcn);
  const share = (name: string, v: number): ShareItem => ({ name, value: v, percent: pct(v, countCN) });
  return {
    count: num(whole?.v),
    countCN,
    provinceList: rows.filter((r) => num(r.gp) === 0 && num(r.vcn) > 0).map((r) => share(String(r.province), num(r.vcn))),
    ispList: rows.filter((r) => num(r.gi) === 0 && num(r.gp) === 1 && num(r.vcn) > 0).map((r) => share(String(r.isp), num(r.vcn))),
  };
}

/** POST /api/es/userDistribution/{variant}/all/request and /all/flow: the world by continent and country. */
export async function userListAll(engine: TrafficEngine, s: Search, by: AnalysisMeasure): Promise<UserListAll> {
  const union = buildUnion(
    { sources: ['geoc', ...GEO_SOURCES], keys: [key('continent'), key('country')], measures: ['requests', 'bytes'] },
    s,
    s,
  );
  const m = measureColumn(by);
  const rows = await engine.query<Record<string, unknown>>(
    `SELECT x.continent AS continent, x.country AS country, grouping(x.continent) AS gc, grouping(x.country) AS gk, sum(x.${m}) AS v
     FROM ${fromUnion(union)}
     GROUP BY GROUPING SETS ((x.continent), (x.country), ())
     ORDER BY v DESC, continent, country`,
    union.params,
  );
  const whole = rows.find((r) => num(r.gc) === 1 && num(r.gk) === 1);
  const count = num(whole?.v);
  const share = (name: string, v: number): ShareItem => ({ name, value: v, percent: pct(v, count) });
  return {
    count,
    continentList: rows.filter((r) => num(r.gc) === 0 && num(r.v) > 0).map((r) => share(String(r.continent), num(r.v))),
    countryList: rows.filter((r) => num(r.gk) === 0 && num(r.gc) === 1 && num(r.v) > 0).map((r) => share(String(r.country), num(r.v))),
  };
}
