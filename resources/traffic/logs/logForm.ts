/**
 * The log search form (spec §3 log: the search adds accountAll) and the query it sends. Pure: the
 * clock is passed in.
 */
import type { LogSearchQuery } from '../../../dataProviders/api/traffic';
import { ALL_ACCOUNTS } from '../analysis/searchModel';
import {
  customRange,
  formatTime,
  presetRange,
  validateRange,
  type RangeProblem,
  type TimeRange,
  type TimeSelect,
} from '../../../src/lib/time';

export interface LogForm {
  /** [ALL_ACCOUNTS] (the whole tree: accountAll) or chosen accounts */
  accounts: string[];
  domains: string[];
  timeSelect: TimeSelect;
  /** the custom range ('userDefined') */
  start: Date | null;
  end: Date | null;
  /** '404', '5xx', '200,304' ('' = all) */
  status: string;
  cacheHit: '' | 'hit' | 'miss';
  clientIp: string;
  url: string;
  country: string[];
  province: string[];
  isp: string[];
}

type LogFilters = Pick<LogForm, 'status' | 'cacheHit' | 'clientIp' | 'url' | 'country' | 'province' | 'isp'>;

/** The filters of a new search: none (the form's and the query's, which share these names). */
export const noLogFilters = (): LogFilters => ({ status: '', cacheHit: '', clientIp: '', url: '', country: [], province: [], isp: [] });

export function initialLogForm(now: Date = new Date()): LogForm {
  const r = presetRange('today', now);
  return {
    accounts: [ALL_ACCOUNTS],
    domains: [],
    timeSelect: 'today',
    start: r.start,
    end: r.end,
    ...noLogFilters(),
  };
}

const STATUS = /^\s*([1-5]xx|[1-5]\d\d)\s*(,\s*([1-5]xx|[1-5]\d\d)\s*)*$/i;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?:\/(\d{1,2}))?$/;

export const validStatus = (text: string): boolean => text.trim() === '' || STATUS.test(text);
export function validIp(text: string): boolean {
  const v = text.trim();
  if (!v) return true;
  const m = IPV4.exec(v);
  return Boolean(m) && m!.slice(1, 5).every((o) => Number(o) <= 255) && (m![5] === undefined || Number(m![5]) <= 32);
}

export type LogFormProblem = RangeProblem | 'status' | 'clientIp';

/** The range the form stands for at `now` (second precision). */
export function logRange(form: LogForm, now: Date = new Date()): { start: Date | null; end: Date | null } {
  if (form.timeSelect !== 'userDefined') return presetRange(form.timeSelect, now, 'second');
  if (!form.start || !form.end) return { start: form.start, end: form.end };
  return customRange(form.start, form.end, now, 'second');
}

export type LogBuild = { ok: true; query: LogSearchQuery; range: TimeRange } | { ok: false; problem: LogFormProblem };

/**
 * Validates the form and builds the query. Accounts: none chosen = the whole tree; the server
 * always receives accountAll (the provider adds it from the user info).
 */
export function buildLogQuery(form: LogForm, now: Date = new Date()): LogBuild {
  const r = logRange(form, now);
  const problem = validateRange(r, now);
  if (problem || !r.start || !r.end) return { ok: false, problem: problem ?? 'startRequired' };
  if (!validStatus(form.status)) return { ok: false, problem: 'status' };
  if (!validIp(form.clientIp)) return { ok: false, problem: 'clientIp' };
  const query: LogSearchQuery = {
    accounts: form.accounts.filter((a) => a !== ALL_ACCOUNTS),
    domains: form.domains,
    startTime: formatTime(r.start),
    endTime: formatTime(r.end),
    status: form.status.replace(/\s+/g, ''),
    cacheHit: form.cacheHit,
    clientIp: form.clientIp.trim(),
    url: form.url.trim(),
    country: form.country,
    province: form.province,
    isp: form.isp,
  };
  return { ok: true, query, range: { start: r.start, end: r.end } };
}
