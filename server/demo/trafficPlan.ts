import { DIURNAL, WEEKDAY, type DomainKind } from './trafficProfiles';
import type { TrafficDomain } from '../stores/config/domains';

/**
 * How the demo traffic is spread: each domain's share of the rows and its character (hit ratio,
 * mainland share, providers, error rates, an outage), and how many requests fall in each hour
 * (diurnal curve in the users' time, weekday effect, day-to-day jitter). Plain JavaScript over a
 * handful of numbers per domain; server/stores/traffic/trafficDemo.ts turns the plan into rows inside the engine.
 */

/** A domain the demo traffic is generated for. */
export type DemoDomain = TrafficDomain;

export interface DomainPlan {
  domain: DemoDomain;
  kind: DomainKind;
  rows: number;
  /** share of requests served from cache (0.85 .. 0.98) */
  hitRatio: number;
  /** share of mainland users */
  mainland: number;
  /** provider shares, summing to 1 */
  providers: [number, number, number];
  err5: number;
  err4: number;
  /** a short origin outage with many 5xx (epoch seconds), or null */
  incident: { from: number; to: number } | null;
}

/** Deterministic pseudo-random numbers in [0, 1) from a string seed (FNV-1a + xorshift). */
export function seeded(seed: string): (i: number) => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return (i: number) => {
    let x = (h ^ Math.imul(i + 1, 2654435761)) >>> 0;
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

/** A seeded stream of numbers in [0, 1) (mulberry32): the same sequence for the same seed. */
export function randomStream(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function kindOf(type: string): DomainKind {
  if (type === 'vod' || type === 'download' || type === 'static') return type;
  if (type.startsWith('live')) return 'live';
  return 'static';
}

export const KINDS: readonly DomainKind[] = ['static', 'vod', 'live', 'download'];
const KIND_WEIGHT: Record<DomainKind, number> = { static: 1.4, vod: 1, live: 0.8, download: 0.5 };

/** Splits the row budget over the domains and picks each domain's character. */
export function planDomains(domains: DemoDomain[], totalRows: number, start: number): DomainPlan[] {
  const weights = domains.map(
    (d) => KIND_WEIGHT[kindOf(d.type)] * (0.5 + seeded(d.name)(0)) * (d.status === 'off' || d.status === 'freeze' ? 0.3 : 1),
  );
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  return domains.map((domain, i) => {
    const r = seeded(domain.name);
    const base = domain.account.startsWith('globex') ? 0.35 : domain.account.startsWith('acme') ? 0.92 : 0.8;
    const mainland = domain.scope === 'abroad' ? 0.08 : domain.scope === 'cn' ? 0.985 : base;
    const a = 0.45 + 0.25 * r(5);
    const b = (1 - a) * (0.55 + 0.3 * r(6));
    const from = start + Math.floor((1 + 5 * r(7)) * 86400);
    return {
      domain,
      kind: kindOf(domain.type),
      rows: Math.max(1, Math.round((totalRows * weights[i]) / sum)),
      hitRatio: 0.85 + 0.13 * r(1),
      mainland,
      providers: [a, b, 1 - a - b],
      err5: 0.0008 + 0.004 * r(2),
      err4: 0.01 + 0.02 * r(3),
      incident: r(4) < 0.5 ? { from, to: from + Math.floor((20 + 60 * r(8)) * 60) } : null,
    };
  });
}

/** Piecewise-linear diurnal level at a fractional local hour. */
function level(kind: DomainKind, hour: number): number {
  const pts = DIURNAL[kind];
  const h = ((hour % 24) + 24) % 24;
  for (let i = 1; i < pts.length; i++) {
    const [x1, y1] = pts[i];
    const [x0, y0] = pts[i - 1];
    if (h <= x1) return y0 + ((y1 - y0) * (h - x0)) / (x1 - x0);
  }
  return pts[pts.length - 1][1];
}

/** Request intensity at epoch second t: China-time curve for mainland users, US/Europe evenings for the rest. */
function intensity(plan: DomainPlan, t: number, dayJitter: (d: number) => number, start: number): number {
  const cnHour = (t / 3600 + 8) % 24;
  const local =
    plan.mainland * level(plan.kind, cnHour) + (1 - plan.mainland) * 0.5 * (level(plan.kind, cnHour - 13) + level(plan.kind, cnHour - 7));
  const isoDay = ((Math.floor((t + 8 * 3600) / 86400) + 3) % 7) + 1; // 1970-01-01 was a Thursday
  return local * WEEKDAY[plan.kind][isoDay] * dayJitter(Math.floor((t - start) / 86400));
}

/**
 * Intensity at the hour marks (the density inside an hour is linear between its two marks) and the
 * number of requests in each hour, with a little hour-to-hour noise.
 */
export function hourlyPlan(plan: DomainPlan, start: number, hours: number): { points: number[]; counts: number[] } {
  const r = seeded(plan.domain.name + '#day');
  const jitter = (d: number) => 1 + 0.08 * (r(d) - 0.5);
  const points = Array.from({ length: hours + 1 }, (_, i) => intensity(plan, start + i * 3600, jitter, start));
  const noise = seeded(plan.domain.name + '#hour');
  const mass = Array.from({ length: hours }, (_, i) => ((points[i] + points[i + 1]) / 2) * (0.96 + 0.08 * noise(i)));
  const total = mass.reduce((a, b) => a + b, 0);
  // Largest-remainder rounding: the counts add up to exactly plan.rows.
  const exact = mass.map((m) => (m / total) * plan.rows);
  const counts = exact.map(Math.floor);
  let left = plan.rows - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) counts[order[k][1]]++;
  return { points, counts };
}

/** A quantile table of `size` entries over weighted choices (entry = index of the choice). */
export function quantiles(weights: number[], size: number): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  let i = 0;
  let acc = weights[0];
  for (let k = 0; k < size; k++) {
    const target = ((k + 0.5) / size) * total;
    while (acc < target && i < weights.length - 1) acc += weights[++i];
    out.push(i);
  }
  return out;
}
