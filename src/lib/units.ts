/**
 * Display units for traffic, bandwidth, counts and percentages (spec §9): base 1000 with the
 * prefixes K, M, G, T, P, E; bytes end in 'B', bandwidth in 'bps'; 2 decimals unless told;
 * compact counts (1K, 1.5M) with one decimal; percentages to 2 decimals. Pure, no locale state.
 */

export const UNIT_BASE = 1000;
export const UNIT_PREFIXES = ['', 'K', 'M', 'G', 'T', 'P', 'E'] as const;
export type UnitPrefix = (typeof UNIT_PREFIXES)[number];

/** What a value measures; decides the suffix of formatted values and axis ticks. */
export type ValueKind = 'bytes' | 'bandwidth' | 'count' | 'percent';

export const UNIT_SUFFIX: Record<'bytes' | 'bandwidth', string> = { bytes: 'B', bandwidth: 'bps' };

const finite = (v: number | null | undefined): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Rounds half away from zero to `decimals` places (avoids 1.005 → 1.00 float surprises). */
export function roundTo(value: number, decimals = 2): number {
  const f = 10 ** decimals;
  const n = Math.abs(value) * f;
  const r = Math.round(Number(n.toPrecision(15))) / f;
  return value < 0 ? -r : r;
}

/** The prefix index (0 = none … 6 = E) that keeps |value| in [1, 1000). */
export function prefixIndex(value: number): number {
  let abs = Math.abs(finite(value));
  let i = 0;
  while (abs >= UNIT_BASE && i < UNIT_PREFIXES.length - 1) {
    abs /= UNIT_BASE;
    i += 1;
  }
  return i;
}

/** Splits a value into a scaled number and its base-1000 prefix: 1_234_000 → {value: 1.234, prefix: 'M'}. */
export function scaleBase1000(value: number, index = prefixIndex(value)): { value: number; prefix: UnitPrefix } {
  return { value: finite(value) / UNIT_BASE ** index, prefix: UNIT_PREFIXES[index] };
}

function fixed(value: number, decimals: number): string {
  return roundTo(value, decimals).toFixed(decimals);
}

/** 1234567 → '1.23 MB' (base 1000). */
export function formatBytes(bytes: number | null | undefined, decimals = 2): string {
  const { value, prefix } = scaleBase1000(finite(bytes));
  return `${fixed(value, decimals)} ${prefix}B`;
}

/** 1234567 (bits per second) → '1.23 Mbps'. */
export function formatBandwidth(bps: number | null | undefined, decimals = 2): string {
  const { value, prefix } = scaleBase1000(finite(bps));
  return `${fixed(value, decimals)} ${prefix}bps`;
}

/** Bytes moved during `seconds` → bits per second (for bandwidth from traffic). */
export function bytesToBps(bytes: number, seconds: number): number {
  return seconds > 0 ? (finite(bytes) * 8) / seconds : 0;
}

/** Compact count: 999 → '999', 1000 → '1K', 1530 → '1.5K', 2_000_000 → '2M' (one decimal, no trailing .0). */
export function formatCompact(count: number | null | undefined): string {
  const n = finite(count);
  if (Math.abs(n) < UNIT_BASE) return String(roundTo(n, 1));
  let i = prefixIndex(n);
  let scaled = roundTo(n / UNIT_BASE ** i, 1);
  // 999_950 rounds to 1000.0K: move up one prefix instead.
  if (Math.abs(scaled) >= UNIT_BASE && i < UNIT_PREFIXES.length - 1) {
    i += 1;
    scaled = roundTo(n / UNIT_BASE ** i, 1);
  }
  return `${scaled}${UNIT_PREFIXES[i]}`;
}

/** Full count with thousands separators: 1234567 → '1,234,567' (tooltips and tables). */
export function formatCount(count: number | null | undefined): string {
  const n = finite(count);
  const [int, frac] = String(Math.abs(roundTo(n, 2))).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/** part / whole × 100 rounded to 2 decimals; 0 when whole is 0. */
export function percentOf(part: number, whole: number): number {
  const w = finite(whole);
  return w === 0 ? 0 : roundTo((finite(part) / w) * 100, 2);
}

/** Hit percent = hit / request × 100 to 2 decimals (spec §9). */
export function hitPercent(hit: number, request: number): number {
  return percentOf(hit, request);
}

/** Miss percent is the complement of the hit percent (0 when there were no requests). */
export function missPercent(hit: number, request: number): number {
  return finite(request) === 0 ? 0 : roundTo(100 - hitPercent(hit, request), 2);
}

/** 12.345 → '12.35%' (the value is already a percentage). */
export function formatPercent(percent: number | null | undefined, decimals = 2): string {
  return `${fixed(finite(percent), decimals)}%`;
}

/** Formats a value of a kind in full (tooltips, tables). */
export function formatValue(kind: ValueKind, value: number | null | undefined, decimals = 2): string {
  switch (kind) {
    case 'bytes':
      return formatBytes(value, decimals);
    case 'bandwidth':
      return formatBandwidth(value, decimals);
    case 'percent':
      return formatPercent(value, decimals);
    default:
      return formatCount(value);
  }
}

/**
 * Short axis tick: at most 2 decimals without trailing zeros ('1.5 GB', '300 Mbps', '1.05K'); counts
 * below 10,000 in full ('1,050'). Short ticks keep axis labels from overlapping; exact ones keep trust.
 */
export function formatAxisTick(kind: ValueKind, value: number): string {
  const n = finite(value);
  if (kind === 'percent') return `${roundTo(n, 1)}%`;
  if (kind === 'count') {
    if (Math.abs(n) < 10_000) return formatCount(n);
    const { value: v, prefix } = scaleBase1000(n);
    return `${roundTo(v, 2)}${prefix}`;
  }
  const { value: v, prefix } = scaleBase1000(n);
  return `${roundTo(v, 2)} ${prefix}${UNIT_SUFFIX[kind]}`;
}
