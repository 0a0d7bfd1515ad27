/** Colours shared by the charts: distinct, colour-blind friendly series colours and map ramps. */
export const SERIES_COLORS = ['#1976d2', '#ef6c00', '#2e7d32', '#c62828', '#6a1b9a', '#00838f', '#ad1457', '#5d4037', '#546e7a', '#9e9d24'];

export const seriesColor = (i: number): string => SERIES_COLORS[i % SERIES_COLORS.length];

/** Map ramp: light to dark blue; shapes without data stay neutral grey. */
export const MAP_LOW = [227, 242, 253] as const;
export const MAP_HIGH = [13, 71, 161] as const;
export const MAP_EMPTY = '#eceff1';
export const MAP_BORDER = '#ffffff';

/** Colour for a share in [0, 1] of the map ramp (square root so small values stay visible). */
export function rampColor(share: number): string {
  const t = Math.sqrt(Math.min(1, Math.max(0, share)));
  const c = MAP_LOW.map((lo, i) => Math.round(lo + (MAP_HIGH[i] - lo) * t));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}
