/**
 * Pre-aggregations of traffic.access_log, filled by materialized views on insert (design and
 * benchmark: docs/analysis.md):
 * - SummingMergeTree tables keyed by account, domain, a time bucket and one dimension, at up to
 *   three levels (5 minutes, 1 hour, 1 day), each coarser level fed from the one below, so that a
 *   query over a long range reads day rows for whole days, hour rows for whole hours and finer rows
 *   only at the edges (analysis/plan.ts); the base table answers what falls between the marks of
 *   a table's finest level, and filters that no rollup carries;
 * - for URLs and client IPs (millions of values): heavy-hitter sketches (AggregatingMergeTree with
 *   top-K and distinct-count states) that name the candidates of a top 100, and tables sorted by
 *   URL hash / IP in which those candidates are summed exactly (analysis/heavy.ts).
 *
 * Summing and aggregating tables merge rows of equal key in the background; readers always
 * aggregate again.
 */

export type Level = '5m' | '1h' | '1d';

/**
 * Domain-hours of access logs per INSERT. The sketch views (top-K, HyperLogLog) hold an aggregate
 * state per domain and hour until their statement ends, so an insert's memory follows the
 * domain-hours it spans, not its rows: 32 domains × 12 h of demo traffic peak at about 1.6 GiB,
 * 7 days at once at 10 GiB (bench/demoTraffic.ts). The ingest path cuts its inserts by it, and
 * fillRollups (rollupStore.ts) its statements that fill the sketches.
 */
export const DOMAIN_HOURS_PER_STATEMENT = 384;
export const LEVEL_SECONDS: Record<Level, number> = { '5m': 300, '1h': 3600, '1d': 86400 };

/** A column of a rollup: its type and how it is computed from one base row (or a group of them). */
export interface RollupColumn {
  name: string;
  type: string;
  /** expression over traffic.access_log */
  base: string;
}

export interface StateColumn {
  name: string;
  type: string;
  base: string;
  merge: string;
}

export type MeasureName =
  'requests' | 'bytes' | 'hits' | 'hit_bytes' | 's0' | 's1' | 's2' | 's3' | 's4' | 's5' | 'o0' | 'o1' | 'o2' | 'o3' | 'o4' | 'o5';

export interface RollupDef {
  name:
    | 'totals'
    | 'totalsa'
    | 'status'
    | 'statusa'
    | 'geo'
    | 'geoc'
    | 'url'
    | 'urlsk'
    | 'urlskd'
    | 'urlska'
    | 'agent'
    | 'referer'
    | 'ip'
    | 'ipsk'
    | 'ipskd'
    | 'ipska';
  dims: RollupColumn[];
  measures: MeasureName[];
  /**
   * Attributes that follow from the key (the area of a client IP): stored and filterable, but not
   * part of the key, so they cost no sorting; merges keep any one value.
   */
  attrs?: RollupColumn[];
  /**
   * Aggregate states (AggregatingMergeTree instead of summing): heavy-hitter and distinct-count
   * sketches. `base` builds the state from base rows, `merge` from the level below.
   */
  states?: StateColumn[];
  /**
   * Fed from the same level of another rollup (its rows are already aggregated: cheap on insert)
   * instead of the base table, without some of its dimensions: a query that does not need them
   * merges a few states per domain or account instead of one per provider.
   */
  mergeOf?: RollupDef['name'];
  /** No domain column: one row per account and bucket (queries without a domain filter). */
  accountWide?: boolean;
  /**
   * Sort key when not (account, domain, bucket, dims...): e.g. by client IP for exact look-ups.
   */
  order?: string[];
  /** Rows per index mark; small for tables read by point look-ups. */
  granularity?: number;
  /**
   * Levels kept, finest first. High-cardinality dimensions (URL, client IP, agent, referer) barely
   * shrink at 5 minutes, so they start at 1 hour; the base table answers their sub-hour edges.
   */
  levels: Level[];
  /** days the rows live */
  ttlDays: number;
}

/**
 * Base-table aggregate of each measure (the rollups store the same under the same name).
 * Columns are qualified with the table alias `l`, so that an output alias (bytes) never shadows them.
 */
export const MEASURE_BASE: Record<MeasureName, string> = {
  requests: 'count()',
  bytes: 'sum(l.bytes)',
  hits: 'countIf(l.cache_hit = 1)',
  hit_bytes: 'sumIf(l.bytes, l.cache_hit = 1)',
  // Status classes by first digit: 1..5, anything else class 0 (spec §9).
  s0: 'countIf(l.status < 100 OR l.status >= 600)',
  s1: 'countIf(intDiv(l.status, 100) = 1)',
  s2: 'countIf(intDiv(l.status, 100) = 2)',
  s3: 'countIf(intDiv(l.status, 100) = 3)',
  s4: 'countIf(intDiv(l.status, 100) = 4)',
  s5: 'countIf(intDiv(l.status, 100) = 5)',
  // The same for the requests back to origin (misses): the origin status curve.
  o0: 'countIf(l.cache_hit = 0 AND (l.status < 100 OR l.status >= 600))',
  o1: 'countIf(l.cache_hit = 0 AND intDiv(l.status, 100) = 1)',
  o2: 'countIf(l.cache_hit = 0 AND intDiv(l.status, 100) = 2)',
  o3: 'countIf(l.cache_hit = 0 AND intDiv(l.status, 100) = 3)',
  o4: 'countIf(l.cache_hit = 0 AND intDiv(l.status, 100) = 4)',
  o5: 'countIf(l.cache_hit = 0 AND intDiv(l.status, 100) = 5)',
};

const col = (name: string, type: string, base = `l.${name}`): RollupColumn => ({ name, type, base });
const PROVIDER = col('provider', 'LowCardinality(String)');
const FULL: MeasureName[] = ['requests', 'bytes', 'hits', 'hit_bytes', 's0', 's1', 's2', 's3', 's4', 's5'];
const SIMPLE: MeasureName[] = ['requests', 'bytes'];
/** Origin (miss) requests by status class. */
export const ORIGIN_CLASSES = ['o0', 'o1', 'o2', 'o3', 'o4', 'o5'] as const satisfies readonly MeasureName[];
export const LEVELS: readonly Level[] = ['5m', '1h', '1d'];
const ALL_LEVELS: Level[] = ['5m', '1h', '1d'];
const COARSE: Level[] = ['1h', '1d'];

/**
 * An IP's country, province and ISP in one text, tab-separated (none of them holds a tab): the
 * column of the IP look-up table and the same expression over base rows.
 */
export const IP_AREA = {
  name: 'area',
  base: 'concat(l.country, char(9), l.province, char(9), l.isp)',
  /** SQL: whether the area text in `column` is in China */
  inChina: (column: string) => `startsWith(${column}, concat('CN', char(9)))`,
  /** The same test in the server, for an area text at hand. */
  isChina: (area: string) => area.startsWith('CN\t'),
  /** The country, province and ISP of an area text. */
  parts: (area: string): [string, string, string] => {
    const [country = '', province = '', isp = ''] = area.split('\t');
    return [country, province, isp];
  },
} as const;

/** Capacity of the heavy-hitter sketches: candidates per side for the exact top-100 look-ups. */
export const SKETCH_N = 150;

const topState = (name: string, key: string, keyType: string, weight: string): StateColumn => ({
  name,
  type: `AggregateFunction(topKWeighted(${SKETCH_N}), ${keyType}, UInt64)`,
  base: `topKWeightedState(${SKETCH_N})(${key}, toUInt64(${weight}))`,
  merge: `topKWeightedMergeState(${SKETCH_N})(src.${name})`,
});

/** Distinct client IPs: HyperLogLog with 2^14 cells (12 KB a state, about ±0.8 %), exact up to about 500 IPs a state. */
export const UNIQ_PRECISION = 14;
const IPS_STATE: StateColumn = {
  name: 'ips',
  type: `AggregateFunction(uniqCombined64(${UNIQ_PRECISION}), IPv4)`,
  base: `uniqCombined64State(${UNIQ_PRECISION})(l.client_ip)`,
  merge: `uniqCombined64MergeState(${UNIQ_PRECISION})(src.ips)`,
};

/**
 * The same rollup without the provider (and the dimensions in `drop`; account-wide, without the
 * domain): made of the finer rollup at the same level (per provider → per domain → per account),
 * so that a query without those filters reads a fraction of the rows or merges a third of the
 * states or fewer. Cheap on insert: its view reads the finer rollup's already aggregated rows.
 */
function coarser(name: RollupDef['name'], def: RollupDef, mergeOf: RollupDef['name'], accountWide = false, drop: string[] = []): RollupDef {
  const dropped = new Set(['provider', ...drop]);
  return { ...def, name, mergeOf, accountWide, dims: def.dims.filter((d) => !dropped.has(d.name)).map((d) => col(d.name, d.type)) };
}

const URL_SKETCH: RollupDef = {
  name: 'urlsk',
  dims: [PROVIDER],
  // The selection's totals ride along, so that one read gives the candidates and the shares' base.
  measures: SIMPLE,
  // A state is kilobytes: small index granules, so that a look-up reads only the states it needs.
  granularity: 32,
  states: [topState('top_r', 'cityHash64(l.url)', 'UInt64', '1'), topState('top_b', 'cityHash64(l.url)', 'UInt64', 'l.bytes')],
  levels: COARSE,
  ttlDays: 180,
};

const IP_SKETCH: RollupDef = {
  name: 'ipsk',
  dims: [PROVIDER, col('cn', 'UInt8', "l.country = 'CN'")],
  measures: [],
  // A state is kilobytes: small index granules, so that a look-up reads only the states it needs.
  granularity: 32,
  states: [IPS_STATE, topState('top_r', 'l.client_ip', 'IPv4', '1'), topState('top_b', 'l.client_ip', 'IPv4', 'l.bytes')],
  levels: COARSE,
  ttlDays: 180,
};

/** Counts, flow, hits, status classes (of all and of origin requests): every curve and summary. Kept longer for bills. */
const TOTALS: RollupDef = { name: 'totals', dims: [PROVIDER], measures: [...FULL, ...ORIGIN_CLASSES], levels: ALL_LEVELS, ttlDays: 400 };

const STATUS: RollupDef = {
  name: 'status',
  dims: [PROVIDER, col('cache_hit', 'UInt8'), col('status', 'UInt16')],
  measures: SIMPLE,
  levels: ALL_LEVELS,
  ttlDays: 180,
};

const GEO: RollupDef = {
  name: 'geo',
  dims: [
    PROVIDER,
    col('continent', 'LowCardinality(String)'),
    col('country', 'LowCardinality(String)'),
    col('province', 'LowCardinality(String)'),
    col('isp', 'LowCardinality(String)'),
  ],
  // Every measure of the totals: a curve or summary filtered by area (status classes included)
  // reads this table instead of the base table.
  measures: FULL,
  levels: ALL_LEVELS,
  ttlDays: 180,
};

export const ROLLUPS: readonly RollupDef[] = [
  TOTALS,
  // Curves and summaries of a whole account without a domain or provider filter: one row per
  // account and 5 minutes instead of one per domain and provider (account, 7 days: 4 k rows, not 72 k).
  coarser('totalsa', TOTALS, 'totals', true),
  STATUS,
  // Status codes of a whole account without a provider filter: a few rows per account and bucket
  // instead of one per domain, provider, cache state and code.
  coarser('statusa', STATUS, 'status', true, ['cache_hit']),
  GEO,
  // Continents and countries per domain without provider, province and ISP: the world lists read
  // about 15 rows per domain and bucket instead of about 280.
  coarser('geoc', GEO, 'geo', false, ['province', 'isp']),
  { name: 'agent', dims: [PROVIDER, col('user_agent', 'LowCardinality(String)')], measures: SIMPLE, levels: COARSE, ttlDays: 180 },
  { name: 'referer', dims: [PROVIDER, col('referer', 'LowCardinality(String)')], measures: SIMPLE, levels: COARSE, ttlDays: 180 },
  // URLs and client IPs: millions of distinct values. A top-100 reads the heavy-hitter sketches
  // (urlsk, ipsk: a few rows per domain and hour) for candidates, then sums those candidates
  // exactly in url / ip, which are sorted by the URL hash / IP for point look-ups.
  {
    name: 'url',
    dims: [PROVIDER, col('url_h', 'UInt64', 'cityHash64(l.url)')],
    attrs: [col('url', 'String')],
    measures: SIMPLE,
    order: ['account', 'url_h', 'bucket', 'domain', 'provider'],
    granularity: 128,
    levels: COARSE,
    ttlDays: 180,
  },
  URL_SKETCH,
  coarser('urlskd', URL_SKETCH, 'urlsk'),
  coarser('urlska', URL_SKETCH, 'urlskd', true),
  {
    name: 'ip',
    dims: [PROVIDER, col('client_ip', 'IPv4')],
    attrs: [
      col('country', 'LowCardinality(String)'),
      col('province', 'LowCardinality(String)'),
      col('isp', 'LowCardinality(String)'),
      // The three again as one column, which the top-IP look-ups read: one column and dictionary
      // instead of three (the look-up alone 16.7 -> 15.9 ms; the IP lists of one domain over the
      // last 24 h about 1 ms less in three interleaved rounds). The separate columns serve the
      // area filters.
      col(IP_AREA.name, 'LowCardinality(String)', IP_AREA.base),
    ],
    measures: SIMPLE,
    // A client IP visits many domains of an account (proxies, crawlers, carrier NAT): domain first,
    // so that a one-domain look-up reads that domain's rows only (with the IP first, 3 to 4 of
    // every 5 granules read held other domains: one domain, one day 15 -> 12 ms; account-wide
    // look-ups unchanged). A URL belongs to one domain: the URL table keeps its hash first.
    order: ['account', 'domain', 'client_ip', 'bucket', 'provider'],
    granularity: 128,
    levels: COARSE,
    ttlDays: 180,
  },
  IP_SKETCH,
  coarser('ipskd', IP_SKETCH, 'ipsk'),
  coarser('ipska', IP_SKETCH, 'ipskd', true),
];

/** Bump when a definition above changes: the rollups are then rebuilt from the base table. */
export const ROLLUP_VERSION = 28;

export const rollupTable = (def: Pick<RollupDef, 'name'>, level: Level) => `traffic.r_${def.name}_${level}`;
const viewName = (def: RollupDef, level: Level) => `traffic.mv_${def.name}_${level}`;

/**
 * Day partitions for the 5-minute level, and for the hour level of the tables read by look-ups
 * (sorted by URL hash / IP) or merged as sketches: a one-day query then analyses the index and
 * merges the states of the days it reads only. Month partitions elsewhere, and for the account-wide
 * sums at every level: one row per account and bucket (a month of 5-minute rows is about 9,000 per
 * account), where each day's part cost a week's curve more than its rows (an account's 5-minute
 * curve over 7 days: 8.4 -> 6.9 ms read from one part instead of eight).
 */
const partitionOf = (def: RollupDef, level: Level): 'day' | 'month' =>
  def.accountWide && !def.states ? 'month' : level === '5m' || (level === '1h' && (def.order || def.states)) ? 'day' : 'month';
const PARTITION_BY = { day: 'toYYYYMMDD(bucket)', month: 'toYYYYMM(bucket)' } as const;

/**
 * Background merges leave a partition in several parts when their sizes differ much, and every
 * part costs each query an index analysis and a read per column. Parts older than this are merged
 * anyway (min_age_to_force_merge_seconds), in the background: a day partition soon after it was
 * written to, a month partition (larger: merging rewrites it) at most hourly.
 */
export const FORCE_MERGE_AFTER_SECONDS = { day: 600, month: 3600 } as const;
const BUCKET_FROM_BASE: Record<Level, string> = {
  '5m': 'toStartOfFiveMinutes(l.ts)',
  '1h': 'toStartOfHour(l.ts)',
  '1d': 'toStartOfDay(l.ts)',
};
const BUCKET_FROM_LOWER: Record<Level, string> = {
  '5m': 'src.bucket',
  '1h': 'toStartOfHour(src.bucket)',
  '1d': 'toStartOfDay(src.bucket)',
};

/**
 * Small index granules for point look-ups, with compressed blocks to match: a block closes at the
 * first granule end past min_compress_block_size, so with one 64-bit column's granule (1 KB for
 * 128 rows) a look-up decompresses about one granule per column, not the 8 to 64 KB around it
 * (URL top, 125 candidates over a day: 13.5 MB decompressed -> 2.8 MB, 15 -> 11 ms).
 */
function granularitySettings(rows: number): string[] {
  const block = Math.max(1024, rows * 8);
  return [`index_granularity = ${rows}`, `min_compress_block_size = ${block}`, `max_compress_block_size = ${block * 2}`];
}

export function rollupTableDdl(def: RollupDef, level: Level): string {
  const cols = [
    'account LowCardinality(String)',
    ...(def.accountWide ? [] : ['domain LowCardinality(String)']),
    "bucket DateTime('UTC') CODEC(Delta, ZSTD)",
    ...def.dims.map((d) => `${d.name} ${d.type}`),
    ...(def.attrs ?? []).map((d) => `${d.name} ${d.type}`),
    ...def.measures.map((m) => `${m} ${def.states ? 'SimpleAggregateFunction(sum, UInt64)' : 'UInt64'}`),
    ...(def.states ?? []).map((st) => `${st.name} ${st.type}`),
  ];
  const key = (def.order ?? ['account', ...(def.accountWide ? [] : ['domain']), 'bucket', ...def.dims.map((d) => d.name)]).join(', ');
  const partition = partitionOf(def, level);
  const settings = [
    `min_age_to_force_merge_seconds = ${FORCE_MERGE_AFTER_SECONDS[partition]}`,
    ...(def.granularity ? granularitySettings(def.granularity) : []),
  ];
  return `CREATE TABLE IF NOT EXISTS ${rollupTable(def, level)} (${cols.join(', ')})
    ENGINE = ${def.states ? 'AggregatingMergeTree' : 'SummingMergeTree'}
    PARTITION BY ${PARTITION_BY[partition]}
    ORDER BY (${key})
    TTL bucket + INTERVAL ${def.ttlDays} DAY
    SETTINGS ${settings.join(', ')}`;
}

/**
 * GROUP BY of a view: the bucket, the fixed-size dimensions as they are, and every string column
 * (account, domain, provider, url, ...) folded into one 64-bit hash, with any() giving the strings
 * back. Grouping by many (LowCardinality) string keys is several times slower on insert than by
 * fixed-size keys; a collision of the 64-bit hash within one insert block is practically impossible.
 */
function grouped(def: RollupDef, src: string, bucket: string, measures: string[], column: (d: RollupColumn) => string): string {
  const owners = def.accountWide ? ['account'] : ['account', 'domain'];
  const strings = [...owners.map((name) => ({ name, type: 'String', base: `${src}.${name}` })), ...def.dims].filter((d) =>
    d.type.includes('String'),
  );
  const fixed = def.dims.filter((d) => !d.type.includes('String'));
  const value = (d: RollupColumn) => (d.name === 'account' || d.name === 'domain' ? `${src}.${d.name}` : column(d));
  const select = [
    ...owners.map((name) => `any(${value({ name, type: '', base: '' })}) AS ${name}`),
    `${bucket} AS bucket`,
    ...def.dims.map((d) => (d.type.includes('String') ? `any(${value(d)}) AS ${d.name}` : `${value(d)} AS ${d.name}`)),
    ...(def.attrs ?? []).map((d) => `any(${value(d)}) AS ${d.name}`),
    ...measures,
  ];
  const groupBy = ['bucket', `cityHash64(${strings.map(value).join(', ')})`, ...fixed.map((d) => d.name)];
  return `SELECT ${select.join(', ')} FROM {table} AS ${src} GROUP BY ${groupBy.join(', ')}`;
}

/**
 * SELECT that aggregates base rows into rows of a rollup's finest level; `source` is a table with
 * the base table's columns (access_log, or a table that feeds the rollups: rollupStore.ts).
 */
export function selectFromBase(def: RollupDef, source = 'traffic.access_log'): string {
  const aggregates = [
    ...def.measures.map((m) => `${MEASURE_BASE[m]} AS ${m}`),
    ...(def.states ?? []).map((st) => `${st.base} AS ${st.name}`),
  ];
  return grouped(def, 'l', BUCKET_FROM_BASE[def.levels[0]], aggregates, (d) => d.base).replace('{table}', source);
}

/** The finest level is fed by the base table, each coarser one by the level below it. */
export function rollupViewDdl(def: RollupDef, level: Level): string {
  const i = def.levels.indexOf(level);
  if (i === 0 && def.mergeOf) {
    const aggregates = [
      ...def.measures.map((m) => `sum(src.${m}) AS ${m}`),
      ...(def.states ?? []).map((st) => `${st.merge} AS ${st.name}`),
    ];
    const select = grouped(def, 'src', 'src.bucket', aggregates, (d) => `src.${d.name}`).replace(
      '{table}',
      rollupTable({ name: def.mergeOf }, level),
    );
    return `CREATE MATERIALIZED VIEW IF NOT EXISTS ${viewName(def, level)} TO ${rollupTable(def, level)} AS ${select}`;
  }
  if (i === 0)
    return `CREATE MATERIALIZED VIEW IF NOT EXISTS ${viewName(def, level)} TO ${rollupTable(def, level)} AS ${selectFromBase(def)}`;
  const lower = def.levels[i - 1];
  const aggregates = [...def.measures.map((m) => `sum(src.${m}) AS ${m}`), ...(def.states ?? []).map((st) => `${st.merge} AS ${st.name}`)];
  const select = grouped(def, 'src', BUCKET_FROM_LOWER[level], aggregates, (d) => `src.${d.name}`).replace(
    '{table}',
    rollupTable(def, lower),
  );
  return `CREATE MATERIALIZED VIEW IF NOT EXISTS ${viewName(def, level)} TO ${rollupTable(def, level)} AS ${select}`;
}

/** Every rollup table name (tests empty them together with the base table). */
export function allRollupTables(): string[] {
  return ROLLUPS.flatMap((def) => def.levels.map((l) => rollupTable(def, l)));
}
