/**
 * Purge and prefetch URL rules, shared by the forms and the server (spec §5): one URL per line,
 * each beginning with http:// or https://, directory entries ending with '/', at most 100 per
 * submission. Blank lines are skipped but keep the numbering of the text the user pasted.
 */

export type PurgeKind = 'url' | 'dir' | 'prefetch';

export const MAX_URLS_PER_SUBMISSION = 100;
export const MAX_URL_LENGTH = 2048;

export type LineProblem = 'format' | 'notDirectory' | 'tooLong' | 'duplicate';

export interface ParsedLine {
  /** 1-based line number in the pasted text */
  line: number;
  url: string;
  /** lower-case host name (without port) */
  host: string;
  problem?: LineProblem;
}

export interface ParsedSubmission {
  entries: ParsedLine[];
  /** lines with a problem */
  bad: ParsedLine[];
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\s]/;

function hostOf(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    if (!u.hostname || u.username || u.password) return null;
    return u.hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** Checks one entry (already trimmed) for a kind; null when it is fine. */
export function lineProblem(url: string, kind: PurgeKind): LineProblem | null {
  if (url.length > MAX_URL_LENGTH) return 'tooLong';
  if (!/^https?:\/\//i.test(url) || CONTROL.test(url) || /[\ud800-\udfff]/.test(url) || !hostOf(url)) return 'format';
  if (kind === 'dir' && !url.endsWith('/')) return 'notDirectory';
  return null;
}

/** Splits pasted text into entries with their line numbers and problems. */
export function parseSubmission(text: string, kind: PurgeKind): ParsedSubmission {
  const entries: ParsedLine[] = [];
  const seen = new Set<string>();
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const url = raw.trim();
    if (!url) return;
    const problem = lineProblem(url, kind) ?? (seen.has(url) ? 'duplicate' : null);
    seen.add(url);
    entries.push({ line: i + 1, url, host: hostOf(url) ?? '', ...(problem ? { problem } : {}) });
  });
  return { entries, bad: entries.filter((e) => e.problem) };
}

/** Consecutive batches of at most `size` entries (the form's batching of long pastes). */
export function batches<T>(items: T[], size = MAX_URLS_PER_SUBMISSION): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Statuses of a purge URL and task (spec §4). */
export const PURGE_STATUSES = ['success', 'failed', 'processing', 'verified', 'waiting', 'other'] as const;
export type PurgeStatus = (typeof PURGE_STATUSES)[number];
