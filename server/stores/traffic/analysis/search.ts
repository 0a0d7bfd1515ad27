import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

export type Interval = '5m' | '1h' | '1d';
export const INTERVAL_SECONDS: Record<Interval, number> = { '5m': 300, '1h': 3600, '1d': 86400 };

/** What every analysis query is limited to. Empty lists mean "no filter"; accounts null = every account. */
export interface Filters {
  accounts: string[] | null;
  domains: string[];
  providers: string[];
  continent: string[];
  country: string[];
  province: string[];
  isp: string[];
}

/** A parsed search: filters plus the time range [start, end) in epoch seconds. */
export interface Search extends Filters {
  start: number;
  end: number;
  interval: Interval;
  /** IANA zone for day and hour buckets of curves */
  tz: string;
  /**
   * Estimated base rows of the scope and range (analysis/estimate.ts): below a query's break-even
   * the base table answers it (analysis/plan.ts). Absent: the rollups wherever they can.
   */
  rows?: number;
}

/** Filter names that restrict rows by a column of the same name. */
export const FILTER_COLUMNS = {
  accounts: 'account',
  domains: 'domain',
  providers: 'provider',
  continent: 'continent',
  country: 'country',
  province: 'province',
  isp: 'isp',
} as const satisfies Record<keyof Filters, string>;

/** 'a,b' or ['a', 'b'] → ['a', 'b'] (trimmed, deduplicated; '' and 'all' dropped). */
export function listParam(value: unknown): string[] {
  const raw = Array.isArray(value) ? value.flatMap((v) => String(v ?? '').split(',')) : typeof value === 'string' ? value.split(',') : [];
  return [...new Set(raw.map((s) => s.trim()).filter((s) => s && s.toLowerCase() !== 'all'))];
}

export function serverZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function validZone(tz: unknown): string {
  if (typeof tz !== 'string' || !tz) return serverZone();
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return serverZone();
  }
}

export type Precision = 'second' | 'minute' | 'day';
const UNIT_SECONDS: Record<Precision, number> = { second: 1, minute: 60, day: 86400 };

const WALL = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A wall-clock time 'YYYY-MM-DD[ HH:mm[:ss]]' in `tz`, or epoch seconds/milliseconds.
 * Returns the instant and the precision it was written with; null when unreadable.
 */
export function parseTime(value: unknown, tz: string): { epoch: number; precision: Precision } | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{9,13}$/.test(value))) {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) return null;
    return { epoch: Math.floor(n > 1e11 ? n / 1000 : n), precision: 'second' };
  }
  if (typeof value !== 'string') return null;
  const m = WALL.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const parts = [Number(y), Number(mo), Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0)];
  if (parts[1] < 1 || parts[1] > 12 || parts[2] < 1 || parts[2] > 31 || parts[3] > 23 || parts[4] > 59 || parts[5] > 59) return null;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const text = `${pad(parts[0], 4)}-${pad(parts[1])}-${pad(parts[2])} ${pad(parts[3])}:${pad(parts[4])}:${pad(parts[5])}`;
  const t = dayjs.tz(text, tz);
  if (!t.isValid() || t.date() !== parts[2]) return null;
  return { epoch: t.unix(), precision: s !== undefined ? 'second' : h !== undefined ? 'minute' : 'day' };
}

export type RangeError = 'format' | 'range';

/**
 * [start, end) from the two ends of a search. Both ends are inclusive at their precision:
 * online (minute precision) '10:35' includes the whole minute 10:35; offline (second precision)
 * '23:59:59' includes that second; a date alone includes the whole day.
 * `precision` forces one (online: minute, offline: second); 'auto' keeps what was written.
 */
export function parseRange(
  startValue: unknown,
  endValue: unknown,
  tz: string,
  precision: Precision | 'auto',
): { start: number; end: number } | RangeError {
  const a = parseTime(startValue, tz);
  const b = parseTime(endValue, tz);
  if (!a || !b) return 'format';
  const unitA = UNIT_SECONDS[precision === 'auto' ? a.precision : precision];
  const unitB = UNIT_SECONDS[precision === 'auto' ? b.precision : precision];
  // Truncation to a coarser unit happens in the zone (a day starts at local midnight).
  const floorTo = (epoch: number, unit: number) =>
    unit === 86400 ? dayjs.unix(epoch).tz(tz).startOf('day').unix() : epoch - (epoch % unit);
  const start = floorTo(a.epoch, unitA);
  const end = unitB === 86400 ? dayjs.unix(floorTo(b.epoch, unitB)).tz(tz).add(1, 'day').unix() : floorTo(b.epoch, unitB) + unitB;
  if (end <= start) return 'range';
  // Retention is 180 days (400 for totals): a longer range is a mistake, not a query.
  if (end - start > 400 * 86400) return 'range';
  return { start, end };
}

export function parseInterval(value: unknown): Interval {
  return value === '1h' || value === '1d' ? value : '5m';
}
