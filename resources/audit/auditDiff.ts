/** Before/after of an audit record as one row per changed field (nested fields as dotted paths). */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const show = (v: unknown): string => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.length && prefix) out.set(prefix, value);
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out.set(prefix, value);
  }
}

/** The fields that differ (every field when one side is missing: a creation or a deletion). */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(before, '', a);
  flatten(after, '', b);
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  return fields
    .filter((f) => JSON.stringify(a.get(f)) !== JSON.stringify(b.get(f)))
    .map((field) => ({ field, before: show(a.get(field)), after: show(b.get(field)) }));
}
