import { LEVEL_SECONDS, LEVELS, MEASURE_BASE, ROLLUPS, rollupTable, type Level, type MeasureName, type RollupDef } from '../rollups';
import type { AnalysisMeasure } from '../../../../common/wire/traffic/index';
import { FILTER_COLUMNS, type Filters } from './search';

/**
 * Builds the one query over a time range that reads pre-aggregated rows wherever it can:
 * whole days from the 1d level, whole hours from 1h, whole 5-minute buckets from 5m, and the
 * seconds before the first and after the last 5-minute mark from the base table — all as one
 * UNION ALL whose branches have the same columns, each already grouped by the caller's keys.
 * When a rollup lacks a filter's column or a key, the base table answers the whole range.
 */

/** A grouping key: its name, the rollup column it reads and its expression over the base table (alias l). */
export interface Key {
  name: string;
  /** column of the rollup (or an expression over rollup columns) */
  rollup: string;
  /** expression over traffic.access_log AS l */
  base: string;
  /** rollup columns the expression needs (default: [rollup]) */
  needs?: string[];
}

/** The 5-minute bucket start as DateTime (5m level only). */
export const BUCKET_KEY: Key = { name: 'b', rollup: 'bucket', base: 'toStartOfFiveMinutes(l.ts)', needs: [] };

export const key = (column: string, name = column): Key => ({ name, rollup: column, base: `l.${column}` });

/** The rollup measure a ranking by requests or by flow sums. */
export const measureColumn = (by: AnalysisMeasure): 'requests' | 'bytes' => (by === 'flow' ? 'bytes' : 'requests');

export interface UnionSpec {
  /** candidate rollups, preferred first */
  sources: RollupDef['name'][];
  keys: Key[];
  measures: MeasureName[];
  /** columns that follow from the keys (an IP's area): any one value per group */
  anyOf?: Key[];
  /**
   * Aggregate states merged per group (sketches): the rollup column read, its -MergeState over
   * `r.<column>`, and the -State that builds the same from base rows (alias l).
   */
  states?: { name: string; column: string; rollup: string; base: string }[];
  /** levels the caller can use (curves need 5-minute rows: ['5m']) */
  levels?: readonly Level[];
  /** extra row condition: over rollup columns, over base columns (alias l), and the rollup columns it needs */
  where?: { rollup: string; base: string; needs: string[] };
  /**
   * Break-even of this query shape: with at most this many estimated base rows (Search.rows) the
   * base table answers faster than the rollups (default BASE_ROWS_BELOW; measured by bench/analysis.ts).
   */
  baseBelow?: number;
  /** Estimated base rows up to which a range of at most a day reads the 5-minute level alone (default ONE_LEVEL_ROWS_BELOW). */
  fineBelow?: number;
  /**
   * The rollup branches pass their rows as stored, not grouped by the keys: for an outer query
   * that sums the measures and merges the states itself, one aggregation less (the IP candidates
   * of one domain over the last 24 h: about 1 ms of 15).
   */
  unmerged?: boolean;
  /** The base pieces are left out (Built.basePieces): the caller reads them its own way. */
  skipBase?: boolean;
}

/**
 * Estimated base rows up to which the base table answers a query: reading a rollup costs a few
 * milliseconds of planning and reading per level whatever the scope, a base scan about 10 ns a
 * row on the 2-core machine (bench/analysis.ts, docs/analysis.md).
 */
export const BASE_ROWS_BELOW = 50_000;

/**
 * A range of at most a day over at most this many estimated base rows reads the 5-minute level
 * alone, not hours plus the 5-minute pieces around them: one table instead of two, and few rows
 * either way (one domain's countries over today: 8.3 -> 4.5 ms with the flat read below).
 * `UnionSpec.fineBelow` overrides it per query shape.
 */
export const ONE_LEVEL_ROWS_BELOW = 400_000;
const ONE_LEVEL_SPAN = 86_400;

/** Whether the base table answers `spec` over a range of about `rows` base rows (see UnionSpec.baseBelow). */
export const baseAnswers = (spec: Pick<UnionSpec, 'baseBelow'>, rows: number | undefined) =>
  rows !== undefined && rows <= (spec.baseBelow ?? BASE_ROWS_BELOW);

export interface Built {
  /** SELECT ... UNION ALL SELECT ... (use as a subquery) */
  sql: string;
  params: Record<string, unknown>;
  /** which source answered (tests and the benchmark report it) */
  source: string;
  /**
   * When one rollup table answers the whole range (one branch, plain key columns, no states): a
   * FROM clause that reads it directly as alias x (`<table> AS x WHERE ...`), for an outer query
   * whose aggregates are sums of measure columns and whose keys are plain columns, so that the
   * same outer query runs over it or over `(sql) AS x`. One query level less: 1.5 to 2 ms of the
   * 5 to 10 a curve or country list over a rollup costs on the 2-core machine (docs/analysis.md).
   */
  flat?: string;
  /** The pieces of the range that the base table answers (read by the union unless UnionSpec.skipBase). */
  basePieces: Segment[];
}

/** `FROM ...` of an outer aggregation over alias x: the rollup table itself when one answers alone (Built.flat), else the union. */
export const fromUnion = (b: Built): string => b.flat ?? `(${b.sql}) AS x`;

function columnsOf(def: RollupDef): Set<string> {
  return new Set([
    'account',
    ...(def.accountWide ? [] : ['domain']),
    'bucket',
    ...def.dims.map((d) => d.name),
    ...(def.attrs ?? []).map((d) => d.name),
    ...def.measures,
    ...(def.states ?? []).map((st) => st.name),
  ]);
}

export function activeFilters(f: Filters): (keyof Filters)[] {
  return (Object.keys(FILTER_COLUMNS) as (keyof Filters)[]).filter((k) => (k === 'accounts' ? f.accounts !== null : f[k].length > 0));
}

function pickSource(spec: UnionSpec, f: Filters): RollupDef | null {
  const filterCols = activeFilters(f).map((k) => FILTER_COLUMNS[k]);
  for (const name of spec.sources) {
    const def = ROLLUPS.find((r) => r.name === name);
    if (!def) continue;
    if (!def.levels.some((l) => (spec.levels ?? LEVELS).includes(l))) continue;
    const cols = columnsOf(def);
    const needs = [
      ...spec.keys.flatMap((k) => k.needs ?? [k.rollup]),
      ...spec.measures,
      ...(spec.anyOf ?? []).map((c) => c.rollup),
      ...(spec.states ?? []).map((st) => st.column),
      ...filterCols,
      ...(spec.where?.needs ?? []),
    ];
    if (needs.every((c) => cols.has(c))) return def;
  }
  return null;
}

/** WHERE conditions of the filters; `prefix` is 'l.' for the base table. */
function filterSql(f: Filters, prefix: string): string[] {
  return activeFilters(f).map((k) => `${prefix}${FILTER_COLUMNS[k]} IN {f_${k}:Array(String)}`);
}

export function filterParams(f: Filters): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const k of activeFilters(f)) params[`f_${k}`] = k === 'accounts' ? f.accounts : f[k];
  return params;
}

export interface Segment {
  level: Level | 'base';
  from: number;
  to: number;
}

const ceilTo = (t: number, unit: number) => Math.ceil(t / unit) * unit;
const floorTo = (t: number, unit: number) => Math.floor(t / unit) * unit;

/** Splits [start, end) into the coarsest aligned pieces the allowed levels offer. */
export function segments(start: number, end: number, levels: readonly Level[]): Segment[] {
  const out: Segment[] = [];
  const push = (level: Segment['level'], from: number, to: number) => {
    if (to > from) out.push({ level, from, to });
  };
  const ordered = LEVELS.filter((l) => levels.includes(l));
  // Recursive narrowing: [from, to) at `level`, inner whole units at coarser levels.
  const split = (from: number, to: number, i: number) => {
    if (i >= ordered.length) return;
    const unit = LEVEL_SECONDS[ordered[i]];
    const a = ceilTo(from, unit);
    const b = floorTo(to, unit);
    if (a >= b) {
      // No whole unit at this level: the finer level (or base) keeps the whole piece.
      out.push({ level: i === 0 ? 'base' : ordered[i - 1], from, to });
      return;
    }
    push(i === 0 ? 'base' : ordered[i - 1], from, a);
    push(i === 0 ? 'base' : ordered[i - 1], b, to);
    if (i + 1 < ordered.length) split(a, b, i + 1);
    else out.push({ level: ordered[i], from: a, to: b });
  };
  if (!ordered.length) push('base', start, end);
  else split(start, end, 0);
  return out.filter((s) => s.to > s.from).sort((x, y) => x.from - y.from);
}

/** Whether buildUnion would read only the base table for `spec` (small scope, or no rollup carries it). */
export function readsBase(spec: UnionSpec, f: Filters, range: { rows?: number }): boolean {
  return baseAnswers(spec, range.rows) || !pickSource(spec, f);
}

/**
 * The WHERE conditions of the base table (alias l) for filters and a range, for a caller that asks
 * the base table in one flat query instead of a union (params: filterParams(f)).
 */
export function baseWhere(f: Filters, range: { start: number; end: number }): string {
  return [`l.ts >= toDateTime(${range.start}, 'UTC') AND l.ts < toDateTime(${range.end}, 'UTC')`, ...filterSql(f, 'l.')].join(' AND ');
}

/** The WHERE conditions of the base table (alias l) for filters and some pieces of a range (Built.basePieces). */
export function baseWhereIn(f: Filters, pieces: Segment[]): string {
  return [rollupTime('l.ts', pieces), ...filterSql(f, 'l.')].join(' AND ');
}

/** The condition that `col` lies in one of the pieces. */
function rollupTime(col: string, pieces: Segment[]): string {
  const one = (p: Segment) => `${col} >= toDateTime(${p.from}, 'UTC') AND ${col} < toDateTime(${p.to}, 'UTC')`;
  return pieces.length === 1 ? one(pieces[0]) : `(${pieces.map((p) => `(${one(p)})`).join(' OR ')})`;
}

/** Builds the UNION ALL over a range for the given keys and measures. */
export function buildUnion(spec: UnionSpec, f: Filters, range: { start: number; end: number; rows?: number }): Built {
  const def = baseAnswers(spec, range.rows) ? null : pickSource(spec, f);
  const allowed = (spec.levels ?? LEVELS).filter((l) => def?.levels.includes(l));
  const oneLevel =
    allowed.includes('5m') &&
    range.end - range.start <= ONE_LEVEL_SPAN &&
    range.rows !== undefined &&
    range.rows <= (spec.fineBelow ?? ONE_LEVEL_ROWS_BELOW);
  const levels = oneLevel ? (['5m'] as const) : allowed;
  const segs = def ? segments(range.start, range.end, levels) : [{ level: 'base' as const, from: range.start, to: range.end }];
  const groupBy = spec.keys.map((k) => k.name).join(', ');
  // One branch per level: the head and tail pieces of a level are read together (each branch
  // costs a fixed planning and reading overhead).
  const byLevel = new Map<Segment['level'], Segment[]>();
  for (const seg of segs) byLevel.set(seg.level, [...(byLevel.get(seg.level) ?? []), seg]);
  const branches = [...byLevel.entries()].flatMap(([level, pieces]) => {
    const time = (col: string) => rollupTime(col, pieces);
    if (level === 'base' || !def) {
      if (spec.skipBase) return [];
      const cols = [
        ...spec.keys.map((k) => `${k.base} AS ${k.name}`),
        ...(spec.anyOf ?? []).map((c) => `any(${c.base}) AS ${c.name}`),
        ...spec.measures.map((m) => `${MEASURE_BASE[m]} AS ${m}`),
        ...(spec.states ?? []).map((st) => `${st.base} AS ${st.name}`),
      ];
      const where = [time('l.ts'), ...filterSql(f, 'l.'), ...(spec.where ? [spec.where.base] : [])];
      return [
        `SELECT ${cols.join(', ')} FROM traffic.access_log AS l WHERE ${where.join(' AND ')}${groupBy ? ` GROUP BY ${groupBy}` : ''}`,
      ];
    }
    const raw = spec.unmerged;
    const cols = [
      ...spec.keys.map((k) => `${k.rollup} AS ${k.name}`),
      ...(spec.anyOf ?? []).map((c) => (raw ? `r.${c.rollup} AS ${c.name}` : `any(r.${c.rollup}) AS ${c.name}`)),
      ...spec.measures.map((m) => (raw ? `r.${m} AS ${m}` : `sum(r.${m}) AS ${m}`)),
      ...(spec.states ?? []).map((st) => (raw ? `r.${st.column} AS ${st.name}` : `${st.rollup} AS ${st.name}`)),
    ];
    const where = [time('r.bucket'), ...filterSql(f, 'r.'), ...(spec.where ? [spec.where.rollup] : [])];
    return [
      `SELECT ${cols.join(', ')} FROM ${rollupTable(def, level)} AS r
       WHERE ${where.join(' AND ')}${groupBy && !raw ? ` GROUP BY ${groupBy}` : ''}`,
    ];
  });
  const only = byLevel.size === 1 ? [...byLevel.entries()][0] : null;
  const plain = spec.keys.every((k) => k.rollup === k.name) && !spec.anyOf?.length && !spec.states?.length && !spec.where;
  const flat =
    def && only && only[0] !== 'base' && plain
      ? `${rollupTable(def, only[0])} AS x WHERE ${[rollupTime('x.bucket', only[1]), ...filterSql(f, 'x.')].join(' AND ')}`
      : undefined;
  return {
    sql: branches.join('\nUNION ALL\n'),
    params: filterParams(f),
    basePieces: segs.filter((seg) => seg.level === 'base' || !def),
    source: def ? `${def.name}:${[...new Set(segs.map((s) => s.level))].join('+')}` : 'base',
    ...(flat ? { flat } : {}),
  };
}
