/**
 * The browser's IANA zone, so that wall-clock times and day buckets mean what the user sees; none
 * when the browser cannot tell (some report 'Etc/Unknown'): the server then uses its own zone,
 * rather than refusing the search for an unknown zone.
 */
export function browserZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return undefined;
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** A search with the browser's zone unless it names one. */
export function withZone<T extends { timeZone?: string }>(search: T): T {
  return search.timeZone ? search : { ...search, timeZone: browserZone() };
}
