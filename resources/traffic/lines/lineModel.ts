import type { LineArea, LineInfo } from '../../../dataProviders/api/traffic';
import type { MapLine } from './LinesMap';

/** 'lng,lat' → numbers; null when malformed or out of range. */
export function parseCoordinates(text: string | undefined): { lng: number; lat: number } | null {
  const parts = (text ?? '').split(',').map((p) => Number(p.trim()));
  if (parts.length !== 2 || parts.some((n) => !Number.isFinite(n))) return null;
  const [lng, lat] = parts;
  if (Math.abs(lng) > 180 || Math.abs(lat) > 90) return null;
  return { lng, lat };
}

/** Places shown on the China map: the mainland, Hong Kong, Macao and Taiwan. */
export const CHINA_MAP_COUNTRIES: ReadonlySet<string> = new Set(['CN', 'HK', 'MO', 'TW']);

/**
 * The lines with their map position: the area query's coordinates (the map's own source), else the
 * line's. Lines without valid coordinates are left off the map (they stay in the table).
 */
export function mapLines(lines: readonly LineInfo[], areas: readonly LineArea[] | undefined): (MapLine & { country: string })[] {
  const byCode = new Map((areas ?? []).map((a) => [a.code, a]));
  return lines.flatMap((l) => {
    const at = parseCoordinates(byCode.get(l.code)?.coordinates) ?? parseCoordinates(l.coordinates);
    return at ? [{ code: l.code, name: l.name, address: l.address, country: l.country, ...at }] : [];
  });
}
