/**
 * The analysis search (spec §3): what the search bar holds, and the AnalysisSearch it sends.
 * Pure: the clock is passed in.
 */
import type { AnalysisSearch, AnalysisVariant } from '../../../common/wire/traffic/index';
import type { TreeNode } from '../../../src/auth/userInfo';
import {
  customRange,
  defaultGranularity,
  formatTime,
  presetRange,
  validateRange,
  type Granularity,
  type Precision,
  type RangeProblem,
  type TimeRange,
  type TimeSelect,
} from '../../../src/lib/time';

/** The account select's value for "every account of the tree" (account_all). */
export const ALL_ACCOUNTS = 'all';

export interface SearchForm {
  /** [ALL_ACCOUNTS] or chosen account identities */
  accounts: string[];
  /** empty = all domains of the chosen accounts */
  domains: string[];
  timeSelect: TimeSelect;
  /** the custom range ('userDefined'); presets compute theirs at search time */
  start: Date | null;
  end: Date | null;
  interval: Granularity;
  providers: string[];
  continent: string[];
  country: string[];
  province: string[];
  isp: string[];
}

/** A search that passed validation, with what the tabs need to draw it. */
export interface AppliedSearch {
  search: AnalysisSearch;
  range: TimeRange;
  interval: Granularity;
  /** a domain was chosen (offline URL top, IPs, distribution and flow need one) */
  hasDomains: boolean;
  /** the range runs to now (live refresh on the real-time screen) */
  toNow: boolean;
}

/** Offline: second precision; online (real time): minute precision. */
export const precisionOf = (variant: AnalysisVariant): Precision => (variant === 'offLine' ? 'second' : 'minute');

export function initialForm(now: Date = new Date()): SearchForm {
  const range = presetRange('today', now);
  return {
    accounts: [ALL_ACCOUNTS],
    domains: [],
    timeSelect: 'today',
    start: range.start,
    end: range.end,
    interval: defaultGranularity(range),
    providers: [],
    continent: [],
    country: [],
    province: [],
    isp: [],
  };
}

/** The range the form stands for at `now`. */
export function formRange(form: SearchForm, precision: Precision, now: Date = new Date()): { start: Date | null; end: Date | null } {
  if (form.timeSelect !== 'userDefined') return presetRange(form.timeSelect, now, precision);
  if (!form.start || !form.end) return { start: form.start, end: form.end };
  return customRange(form.start, form.end, now, precision);
}

export type BuildResult = { ok: true; applied: AppliedSearch } | { ok: false; problem: RangeProblem };

/**
 * Validates the form and builds the search. `accountAll` is the user's account_all (comma-joined);
 * 'all' sends it whole.
 */
export function buildSearch(form: SearchForm, precision: Precision, accountAll: string, now: Date = new Date()): BuildResult {
  const range = formRange(form, precision, now);
  const problem = validateRange(range, now);
  if (problem || !range.start || !range.end) return { ok: false, problem: problem ?? 'startRequired' };
  const accounts = form.accounts.includes(ALL_ACCOUNTS) || !form.accounts.length ? accountAll.split(',').filter(Boolean) : form.accounts;
  const search: AnalysisSearch = {
    accounts,
    account: accounts.join(','),
    domains: form.domains,
    startTime: formatTime(range.start, precision),
    endTime: formatTime(range.end, precision),
    interval: form.interval,
    providers: form.providers,
    continent: form.continent,
    country: form.country,
    province: form.province,
    isp: form.isp,
    timeSelect: form.timeSelect,
    pullDown: true,
  };
  const applied: AppliedSearch = {
    search,
    range: { start: range.start, end: range.end },
    interval: form.interval,
    hasDomains: form.domains.length > 0,
    toNow: form.timeSelect !== 'yesterday' && form.timeSelect !== 'lastMonth' && form.timeSelect !== 'userDefined',
  };
  return { ok: true, applied };
}

export interface AccountOption {
  value: string;
  title: string;
  /** depth in the account tree (0 = the user's own account), for indentation */
  depth: number;
}

/** The account tree flattened in display order. */
export function flattenTree(tree: readonly TreeNode[], depth = 0): AccountOption[] {
  return tree.flatMap((n) => [{ value: n.value, title: n.title, depth }, ...flattenTree(n.children ?? [], depth + 1)]);
}

/** Domains of the chosen accounts (all of the map for 'all'), sorted. */
export function domainsFor(domainMap: Record<string, string[]>, accounts: readonly string[]): string[] {
  const all = accounts.includes(ALL_ACCOUNTS) || accounts.length === 0;
  const keys = Object.keys(domainMap).filter((k) => all || accounts.includes(k.replace('@+@', '')));
  return [...new Set(keys.flatMap((k) => domainMap[k] ?? []))].sort();
}

/**
 * The last search of each screen, kept in session storage under 'analysis' (cleared with the other
 * screen state at sign-in and sign-out), so that a language switch or a visit elsewhere keeps it.
 */
export const STORAGE_KEY = 'analysis';

type StoredForm = Omit<SearchForm, 'start' | 'end'> & { start: string | null; end: string | null };

export function storeForm(variant: AnalysisVariant, form: SearchForm, storage: Storage = sessionStorage): void {
  let all: Partial<Record<AnalysisVariant, StoredForm>> = {};
  try {
    all = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as typeof all;
  } catch {
    all = {};
  }
  all[variant] = { ...form, start: form.start?.toISOString() ?? null, end: form.end?.toISOString() ?? null };
  storage.setItem(STORAGE_KEY, JSON.stringify(all));
}

export function readStoredForm(variant: AnalysisVariant, storage: Storage = sessionStorage): SearchForm | null {
  try {
    const stored = (JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Partial<Record<AnalysisVariant, StoredForm>>)[variant];
    if (!stored || !Array.isArray(stored.accounts) || !Array.isArray(stored.domains)) return null;
    return {
      ...initialForm(),
      ...stored,
      start: stored.start ? new Date(stored.start) : null,
      end: stored.end ? new Date(stored.end) : null,
    };
  } catch {
    return null;
  }
}
