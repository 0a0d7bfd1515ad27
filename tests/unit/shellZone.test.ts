import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserZone, withZone } from '../../dataProviders/zone';

describe('browserZone', () => {
  afterEach(() => vi.restoreAllMocks());
  const reports = (timeZone: string) =>
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone } as Intl.ResolvedDateTimeFormatOptions);

  it('sends the zone the browser reports', () => {
    reports('Asia/Shanghai');
    expect(browserZone()).toBe('Asia/Shanghai');
    const search: { startTime: string; timeZone?: string } = { startTime: 'x' };
    expect(withZone(search)).toEqual({ startTime: 'x', timeZone: 'Asia/Shanghai' });
  });

  it('sends none when the browser cannot tell (the server then uses its own zone)', () => {
    reports('Etc/Unknown');
    expect(browserZone()).toBeUndefined();
    reports('');
    expect(browserZone()).toBeUndefined();
  });

  it('keeps a zone the search names', () => {
    reports('Asia/Shanghai');
    expect(withZone({ timeZone: 'UTC' })).toEqual({ timeZone: 'UTC' });
  });
});
