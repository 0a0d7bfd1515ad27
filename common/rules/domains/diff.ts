/**
 * Readable differences between two domain configurations (version history, "what changed").
 * Pure; the server stores the result with each version, the UI can diff a version against the
 * current configuration with the same function.
 */
import type { CacheRule, DomainAdvanced, DomainChange, DomainConfig, DomainOrigin } from '../../wire/domains';

const MAX_TEXT = 240;

const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s);

function originText(o: DomainOrigin): string {
  return `${o.role} ${o.type} ${o.address}:${o.port} w${o.weight}`;
}

function cacheRuleText(r: CacheRule): string {
  return `${r.match} ${r.value} ${r.time}${r.unit}`;
}

/** A value as short readable text. */
export function describeValue(field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (field === 'origins' && Array.isArray(value)) return (value as DomainOrigin[]).map(originText).join('; ');
  if (field === 'cacheRules' && Array.isArray(value)) return (value as CacheRule[]).map(cacheRuleText).join('; ');
  if (field === 'backHost' && typeof value === 'object') {
    const b = value as { mode: string; value: string };
    return b.mode === 'follow' ? 'follow' : `custom ${b.value}`;
  }
  if (typeof value === 'string') return clip(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return clip(JSON.stringify(value));
}

/** JSON with object keys sorted: stored JSONB does not keep key order. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return `{${Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify(obj[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const same = (a: unknown, b: unknown) => stableStringify(a) === stableStringify(b);

/**
 * The fields that differ, top-level fields and each advanced setting separately
 * ('advanced.referer'). A null `before` (first version) lists nothing: it is a creation.
 */
export function diffDomainConfig(before: DomainConfig | null, after: DomainConfig): DomainChange[] {
  if (!before) return [];
  const changes: DomainChange[] = [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof DomainConfig>;
  for (const key of keys) {
    if (key === 'advanced') continue;
    if (!same(before[key], after[key])) {
      changes.push({ field: key, before: describeValue(key, before[key]), after: describeValue(key, after[key]) });
    }
  }
  const ba: Partial<DomainAdvanced> = before.advanced ?? {};
  const aa: Partial<DomainAdvanced> = after.advanced ?? {};
  for (const key of new Set([...Object.keys(ba), ...Object.keys(aa)]) as Set<keyof DomainAdvanced>) {
    if (same(ba[key], aa[key])) continue;
    changes.push({ field: `advanced.${key}`, before: describeValue(key, ba[key]), after: describeValue(key, aa[key]) });
  }
  return changes;
}

const LIST_FIELDS = new Set(['origins', 'cacheRules']);

/**
 * One line: "scope: cn → all; origins: +backup ip 47.98.10.20:8080 w5". List fields name the
 * entries added (+) and removed (-); other values are shortened.
 */
export function summarizeChanges(changes: DomainChange[]): string {
  if (!changes.length) return '';
  const short = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s || '—');
  return changes
    .map((c) => {
      if (LIST_FIELDS.has(c.field)) {
        const before = c.before ? c.before.split('; ') : [];
        const after = c.after ? c.after.split('; ') : [];
        const added = after.filter((x) => !before.includes(x)).map((x) => `+${x}`);
        const removed = before.filter((x) => !after.includes(x)).map((x) => `-${x}`);
        const parts = [...added, ...removed];
        return `${c.field}: ${parts.length ? parts.join(', ') : 'order changed'}`;
      }
      return `${c.field}: ${short(c.before)} → ${short(c.after)}`;
    })
    .join('; ');
}
