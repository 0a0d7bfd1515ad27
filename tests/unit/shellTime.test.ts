import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  allowedGranularities,
  customRange,
  defaultGranularity,
  defaultRange,
  fitGranularity,
  floorToStep,
  formatAxisTime,
  formatTime,
  formatTooltipTime,
  parseTime,
  presetRange,
  secondsToMs,
  toInputValue,
  validateRange,
  withinRange,
} from '../../src/lib/time';

// Local time throughout (the portal shows the browser's clock): 2026-05-14 (a Thursday) 10:07:31.
const NOW = new Date(2026, 4, 14, 10, 7, 31, 250);
const fmt = (d: Date) => formatTime(d, 'second');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('5-minute rounding', () => {
  it('rounds ends down to 5-minute steps', () => {
    expect(fmt(floorToStep(NOW))).toBe('2026-05-14 10:05:00');
    expect(fmt(floorToStep(new Date(2026, 4, 14, 10, 5, 0)))).toBe('2026-05-14 10:05:00');
    expect(fmt(floorToStep(new Date(2026, 4, 14, 10, 4, 59)))).toBe('2026-05-14 10:00:00');
    expect(fmt(floorToStep(new Date(2026, 4, 14, 23, 59, 59)))).toBe('2026-05-14 23:55:00');
  });
});

describe('presets', () => {
  it('defaults to start of today → now (rounded down)', () => {
    const r = defaultRange();
    expect(fmt(r.start)).toBe('2026-05-14 00:00:00');
    expect(fmt(r.end)).toBe('2026-05-14 10:05:00');
  });

  it('computes every preset', () => {
    const cases: Array<[Parameters<typeof presetRange>[0], string, string]> = [
      ['today', '2026-05-14 00:00:00', '2026-05-14 10:05:00'],
      ['yesterday', '2026-05-13 00:00:00', '2026-05-13 23:59:59'],
      ['threeDays', '2026-05-12 00:00:00', '2026-05-14 10:05:00'],
      ['week', '2026-05-08 00:00:00', '2026-05-14 10:05:00'],
      ['month', '2026-05-01 00:00:00', '2026-05-14 10:05:00'],
      ['lastMonth', '2026-04-01 00:00:00', '2026-04-30 23:59:59'],
    ];
    for (const [preset, start, end] of cases) {
      const r = presetRange(preset, NOW);
      expect([preset, fmt(r.start), fmt(r.end)]).toEqual([preset, start, end]);
    }
  });

  it('handles the turn of the year for last month', () => {
    const r = presetRange('lastMonth', new Date(2026, 0, 3, 8, 0, 0));
    expect(fmt(r.start)).toBe('2025-12-01 00:00:00');
    expect(fmt(r.end)).toBe('2025-12-31 23:59:59');
  });

  it('ends whole days at the last minute online', () => {
    const r = presetRange('yesterday', NOW, 'minute');
    expect(formatTime(r.end, 'minute')).toBe('2026-05-13 23:59');
    expect(fmt(r.end)).toBe('2026-05-13 23:59:00');
  });

  it('keeps custom times to the precision and rounds a future end down to now', () => {
    const r = customRange(new Date(2026, 4, 10, 1, 2, 3, 400), new Date(2026, 4, 11, 4, 59, 59), NOW);
    expect(fmt(r.start)).toBe('2026-05-10 01:02:03');
    expect(fmt(r.end)).toBe('2026-05-11 04:59:59');
    const online = customRange(new Date(2026, 4, 10, 1, 2, 3), new Date(2026, 4, 11, 4, 59, 59), NOW, 'minute');
    expect(fmt(online.start)).toBe('2026-05-10 01:02:00');
    expect(fmt(online.end)).toBe('2026-05-11 04:59:00');
    const future = customRange(new Date(2026, 4, 14, 8, 0, 0), new Date(2026, 4, 14, 23, 0, 0), NOW);
    expect(fmt(future.end)).toBe('2026-05-14 10:05:00');
  });

  it('hides the bucket that starts at the inclusive end', () => {
    const r = presetRange('today', NOW);
    expect(withinRange(new Date(2026, 4, 14, 10, 0).getTime(), r)).toBe(true);
    expect(withinRange(new Date(2026, 4, 14, 10, 5).getTime(), r)).toBe(false);
    expect(withinRange(new Date(2026, 4, 13, 23, 55).getTime(), r)).toBe(false);
  });
});

describe('formats', () => {
  it('uses seconds offline and minutes online', () => {
    expect(formatTime(NOW, 'second')).toBe('2026-05-14 10:07:31');
    expect(formatTime(NOW, 'minute')).toBe('2026-05-14 10:07');
    expect(toInputValue(NOW, 'second')).toBe('2026-05-14T10:07:31');
    expect(toInputValue(NOW, 'minute')).toBe('2026-05-14T10:07');
  });

  it('parses typed and input values, rejecting impossible dates', () => {
    expect(fmt(parseTime('2026-05-14 10:07:31')!)).toBe('2026-05-14 10:07:31');
    expect(fmt(parseTime('2026-05-14T10:07')!)).toBe('2026-05-14 10:07:00');
    expect(fmt(parseTime('2026-05-14T10:07:31.000')!)).toBe('2026-05-14 10:07:31');
    expect(parseTime('2026-02-30 10:00:00')).toBeNull();
    expect(parseTime('2026-05-14 24:00')).toBeNull();
    expect(parseTime('yesterday')).toBeNull();
  });

  it('formats axis and tooltip times in the user language', () => {
    const ms = secondsToMs(NOW.getTime() / 1000);
    expect(formatAxisTime(ms, 3_600_000, '5m')).toBe('10:07');
    expect(formatAxisTime(ms, 3 * 86_400_000, '1h')).toBe('05-14 10:07');
    expect(formatAxisTime(ms, 20 * 86_400_000, '1d')).toBe('05-14');
    expect(formatTooltipTime(ms, '5m', 'en')).toBe('2026-05-14 Thu 10:07');
    expect(formatTooltipTime(ms, '5m', 'zh')).toBe('2026-05-14 周四 10:07');
    expect(formatTooltipTime(ms, '1d', 'en')).toBe('2026-05-14 Thu');
  });
});

describe('validation', () => {
  const at = (d: number, h = 0) => new Date(2026, 4, d, h, 0, 0);
  it('requires both ends and start < end', () => {
    expect(validateRange({ start: null, end: at(14) })).toBe('startRequired');
    expect(validateRange({ start: at(13), end: null })).toBe('endRequired');
    expect(validateRange({ start: at(14), end: at(14) })).toBe('startAfterEnd');
    expect(validateRange({ start: at(14, 5), end: at(14, 1) })).toBe('startAfterEnd');
    expect(validateRange({ start: at(13), end: at(14) })).toBeNull();
  });

  it('limits the span, the age and the future', () => {
    expect(validateRange({ start: at(14), end: at(14, 11) })).toBe('endInFuture');
    expect(validateRange({ start: new Date(2026, 3, 1), end: at(14) })).toBe('tooLong');
    expect(validateRange({ start: new Date(2025, 9, 1), end: new Date(2025, 9, 10) })).toBe('tooOld');
    expect(validateRange(presetRange('lastMonth', NOW))).toBeNull();
    expect(validateRange(presetRange('month', NOW))).toBeNull();
  });
});

describe('granularity', () => {
  it('defaults by range length', () => {
    expect(defaultGranularity(presetRange('today', NOW))).toBe('5m');
    expect(defaultGranularity(presetRange('yesterday', NOW))).toBe('5m');
    expect(defaultGranularity(presetRange('threeDays', NOW))).toBe('1h');
    expect(defaultGranularity(presetRange('week', NOW))).toBe('1h');
    expect(defaultGranularity(presetRange('lastMonth', NOW))).toBe('1d');
  });

  it('offers only readable granularities and refits a chosen one', () => {
    expect(allowedGranularities(presetRange('today', NOW))).toEqual(['5m', '1h', '1d']);
    expect(allowedGranularities(presetRange('week', NOW))).toEqual(['1h', '1d']);
    expect(fitGranularity('5m', presetRange('week', NOW))).toBe('1h');
    expect(fitGranularity('1d', presetRange('today', NOW))).toBe('1d');
  });
});
