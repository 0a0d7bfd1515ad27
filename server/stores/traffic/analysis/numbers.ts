/** Engine values (numbers, or strings for 64-bit integers on some engines) → number. */
export const num = (v: unknown): number => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** part / whole * 100 rounded to 2 decimals (spec §9 hit percent); 0 when whole is 0. */
export const pct = (part: number, whole: number): number => (whole > 0 ? Math.round((part * 10000) / whole) / 100 : 0);

/** Bits per second of `bytes` sent over `seconds`. */
export const bps = (bytes: number, seconds: number): number => (seconds > 0 ? Math.round((bytes * 8) / seconds) : 0);

/** (current - previous) / previous * 100, 2 decimals; null when there is nothing to compare with. */
export const change = (current: number, previous: number): number | null =>
  previous > 0 ? Math.round(((current - previous) * 10000) / previous) / 100 : null;
