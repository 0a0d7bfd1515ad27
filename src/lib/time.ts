/**
 * Time ranges, presets, granularities and date formats for the traffic screens (spec §3, §9).
 * Pure: every function takes `now` so tests can freeze the clock. Both ends are inclusive at the
 * screen's precision (as the server reads them): a range that runs to "now" ends at now rounded DOWN to a
 * 5-minute step; a range of whole days ends at the last second (offline) or minute (online) of its last day.
 */
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { formatDateTime } from './dateTime';

export const STEP_MINUTES = 5;
export const STEP_MS = STEP_MINUTES * 60_000;
/** Longest span one search may cover. */
export const MAX_RANGE_DAYS = 31;
/** Access logs are kept this long (traffic store TTL). */
export const RETENTION_DAYS = 180;

/** Offline analysis: second precision ('YYYY-MM-DD HH:mm:ss'); online (real time): minute precision ('YYYY-MM-DD HH:mm') (spec §3). */
export type Precision = 'second' | 'minute';

export const TIME_PRESETS = ['today', 'yesterday', 'threeDays', 'week', 'month', 'lastMonth'] as const;
export type TimePreset = (typeof TIME_PRESETS)[number];
/** The search's timeSelect: a preset or 'userDefined' (a custom range). */
export type TimeSelect = TimePreset | 'userDefined';
export const DEFAULT_TIME_SELECT: TimeSelect = 'today';

export interface TimeRange {
  start: Date;
  end: Date;
}

/** dayjs locale for the portal locale ('zh' → 'zh-cn'). */
export type PortalLocale = 'zh' | 'en';
export const dayjsLocale = (locale: string): 'zh-cn' | 'en' => (locale === 'en' ? 'en' : 'zh-cn');
export const day = (d: Date | number | string, locale: string = 'zh'): Dayjs => dayjs(d).locale(dayjsLocale(locale));

/** Rounds a moment DOWN to the previous 5-minute step (10:07:31 → 10:05:00). */
export function floorToStep(date: Date, stepMs = STEP_MS): Date {
  const d = dayjs(date).second(0).millisecond(0);
  const stepMin = stepMs / 60_000;
  return d.minute(Math.floor(d.minute() / stepMin) * stepMin).toDate();
}

/** The last instant before `boundary` at a precision (23:59:59 offline, 23:59 online). */
const lastBefore = (boundary: Dayjs, precision: Precision): Date => boundary.subtract(1, precision).toDate();

/**
 * The range of a preset at `now`:
 * today = start of today → now; yesterday = the whole of yesterday; threeDays / week = the last 3 / 7
 * calendar days including today; month = this calendar month so far; lastMonth = the previous month.
 */
export function presetRange(preset: TimePreset, now: Date = new Date(), precision: Precision = 'second'): TimeRange {
  const today = dayjs(now).startOf('day');
  const nowEnd = floorToStep(now);
  switch (preset) {
    case 'today':
      return { start: today.toDate(), end: nowEnd };
    case 'yesterday':
      return { start: today.subtract(1, 'day').toDate(), end: lastBefore(today, precision) };
    case 'threeDays':
      return { start: today.subtract(2, 'day').toDate(), end: nowEnd };
    case 'week':
      return { start: today.subtract(6, 'day').toDate(), end: nowEnd };
    case 'month':
      return { start: today.startOf('month').toDate(), end: nowEnd };
    case 'lastMonth': {
      const thisMonth = today.startOf('month');
      return { start: thisMonth.subtract(1, 'month').toDate(), end: lastBefore(thisMonth, precision) };
    }
  }
}

/** Default range: start of today to now (rounded down to 5 minutes). */
export const defaultRange = (now: Date = new Date()): TimeRange => presetRange('today', now);

/**
 * A custom range as typed by the user: times are kept (cut to the screen's precision), except that an
 * end later than now becomes now rounded down to a 5-minute step.
 */
export function customRange(start: Date, end: Date, now: Date = new Date(), precision: Precision = 'second'): TimeRange {
  const cut = (d: Date) => dayjs(d).startOf(precision).toDate();
  const latest = floorToStep(now);
  return { start: cut(start), end: end.getTime() > latest.getTime() ? latest : cut(end) };
}

/** A moment as the search sends and shows it: the tables' local date-time text (formatDateTime) at the screen's precision. */
export const formatTime = (d: Date | number, precision: Precision = 'second'): string => formatDateTime(d, precision === 'second');

/**
 * Parses 'YYYY-MM-DD HH:mm[:ss]' or an <input type="datetime-local"> value (which may carry
 * milliseconds, '…T08:15:42.000'; they are dropped); null when invalid.
 */
export function parseTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  const date = new Date(y, mo - 1, d, h, mi, s);
  // Reject 2026-02-30 and friends (Date would roll over).
  if (date.getMonth() !== mo - 1 || date.getDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return date;
}

/** Value for <input type="datetime-local">: 'YYYY-MM-DDTHH:mm:ss' or 'YYYY-MM-DDTHH:mm'. */
export const toInputValue = (d: Date, precision: Precision): string =>
  dayjs(d).format(precision === 'second' ? 'YYYY-MM-DDTHH:mm:ss' : 'YYYY-MM-DDTHH:mm');

/** Range validation errors (i18n keys under pages.cdn/analysisOff.validation). */
export type RangeProblem = 'startRequired' | 'endRequired' | 'startAfterEnd' | 'endInFuture' | 'tooLong' | 'tooOld';

/** Curve points whose bucket starts at or after the (inclusive) end hold only that last instant: not shown. */
export const withinRange = (ms: number, range: TimeRange): boolean => ms >= range.start.getTime() && ms < range.end.getTime();

export function validateRange(range: { start: Date | null; end: Date | null }, now: Date = new Date()): RangeProblem | null {
  const { start, end } = range;
  if (!start) return 'startRequired';
  if (!end) return 'endRequired';
  if (start.getTime() >= end.getTime()) return 'startAfterEnd';
  if (end.getTime() > now.getTime()) return 'endInFuture';
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * 86_400_000) return 'tooLong';
  if (start.getTime() < dayjs(now).startOf('day').subtract(RETENTION_DAYS, 'day').valueOf()) return 'tooOld';
  return null;
}

/** Curve granularity (the search's interval): 5 minutes, 1 hour, 1 day. */
export const GRANULARITIES = ['5m', '1h', '1d'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const GRANULARITY_SECONDS: Record<Granularity, number> = { '5m': 300, '1h': 3600, '1d': 86400 };

const spanMs = (r: TimeRange) => r.end.getTime() - r.start.getTime();

/** Granularities that give a readable number of points: 5 min up to 3 days, 1 h up to 31 days, 1 day always. */
export function allowedGranularities(range: TimeRange): Granularity[] {
  const days = spanMs(range) / 86_400_000;
  return GRANULARITIES.filter((g) => (g === '5m' ? days <= 3 : g === '1h' ? days <= MAX_RANGE_DAYS : true));
}

/** Default per range length: up to 1 day → 5 min, up to 7 days → 1 h, longer → 1 day. */
export function defaultGranularity(range: TimeRange): Granularity {
  const days = spanMs(range) / 86_400_000;
  if (days <= 1) return '5m';
  if (days <= 7) return '1h';
  return '1d';
}

/** Keeps a chosen granularity when the new range allows it, else the range's default. */
export function fitGranularity(current: Granularity, range: TimeRange): Granularity {
  return allowedGranularities(range).includes(current) ? current : defaultGranularity(range);
}

/** Curve timestamps arrive in seconds (spec §9); charts work in milliseconds. */
export const secondsToMs = (s: number): number => s * 1000;

/**
 * Axis tick format for a time axis: clock time within one day, date + time across days,
 * date only for daily points. Short enough not to overlap at ~8 ticks per axis.
 */
export function axisTimeFormat(spanMsValue: number, granularity: Granularity): string {
  if (granularity === '1d') return 'MM-DD';
  if (spanMsValue <= 86_400_000) return 'HH:mm';
  return 'MM-DD HH:mm';
}

export function formatAxisTime(ms: number, spanMsValue: number, granularity: Granularity, locale = 'zh'): string {
  return day(ms, locale).format(axisTimeFormat(spanMsValue, granularity));
}

/** Tooltip date in full, with the weekday in the user's language ('2026-05-01 Fri 10:05'). */
export function formatTooltipTime(ms: number, granularity: Granularity, locale = 'zh'): string {
  return day(ms, locale).format(granularity === '1d' ? 'YYYY-MM-DD ddd' : 'YYYY-MM-DD ddd HH:mm');
}
