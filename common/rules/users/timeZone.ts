/**
 * The account's time zone (issue #35): an IANA name the runtime knows, shared by personal settings
 * and the server. The daily purge and prefetch quotas reset at its midnight.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

let known: Set<string> | undefined;

/** The zones offered and accepted: the runtime's IANA list, and UTC (which the list leaves out). */
export function timeZones(): string[] {
  known ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return [...known];
}

export function isTimeZone(name: string): boolean {
  if (!known) timeZones();
  return known!.has(name);
}

/** Wall-clock parts of an instant in a zone. */
function partsIn(zone: string, at: Date): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return { y: p.year, m: p.month, d: p.day, h: p.hour, min: p.minute, s: p.second };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(zone: string, at: Date): number {
  const p = partsIn(zone, at);
  const wall = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the zone's current day began (its local midnight), whatever the server's zone. */
export function dayStartIn(zone: string, now: Date): Date {
  const p = partsIn(zone, now);
  const midnightWall = Date.UTC(p.y, p.m - 1, p.d);
  // The offset at midnight may differ from now's (a daylight-saving change during the day).
  const guess = midnightWall - offsetAt(zone, now);
  return new Date(midnightWall - offsetAt(zone, new Date(guess)));
}
