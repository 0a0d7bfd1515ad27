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
      ['yesterday', '2026-05-13 00:00:00', '2026-05-14 00:00:00'],
      ['threeDays', '2026-05-12 00:00:00', '2026-05-14 10:05:00'],
      ['week', '2026-05-08 00:00:00', '2026-05-14 10:05:00'],
      ['month', '2026-05-01 00:00:00', '2026-05-14 10:05:00'],
      ['lastMonth', '2026-04-01 00:00:00', '2026-05-01 00:00:00'],
    ];
    for (const [preset, start, end] of cases) {
      const r = presetRange(preset, NOW);
      expect([preset, fmt(r.start), fmt(r.end)]).toEqual([preset, start, end]);
    }
  });

  it('handles the turn of the year for last month', () => {
    const r = presetRange('lastMonth', new Date(2026, 0, 3, 8, 0, 0));
    expect(fmt(r.start)).toBe('2025-12-01 00:00:00');
    expect(fmt(r.end)).toBe('2026-01-01 00:00:00');
  });

  it('rounds custom ends down too', () => {
    const r = customRange(new Date(2026, 4, 10, 1, 2, 3), new Date(2026, 4, 11, 4, 59, 59));
    expect(fmt(r.start)).toBe('2026-05-10 01:02:03');
    expect(fmt(r.end)).toBe('2026-05-11 04:55:00');
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
    expect(parseTime('2026-02-30 10:00:00')).toBeNull();
    expect(parseTime('2026-05-14 24:00')).toBeNull();
    expect(parseTime('yesterday')).toBeNull();
  });

  it('formats axis and tooltip times in the user language', () => {
    const ms = secondsToMs(NOW.getTime() / 1000);
    expect(formatAxisTime(ms, 3_600_000, 300)).toBe('10:07');
    expect(formatAxisTime(ms, 3 * 86_400_000, 3600)).toBe('05-14 10:07');
    expect(formatAxisTime(ms, 20 * 86_400_000, 86400)).toBe('05-14');
    expect(formatTooltipTime(ms, 300, 'en')).toBe('2026-05-14 Thu 10:07');
    expect(formatTooltipTime(ms, 300, 'zh')).toBe('2026-05-14 周四 10:07');
    expect(formatTooltipTime(ms, 86400, 'en')).toBe('2026-05-14 Thu');
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
    expect(defaultGranularity(presetRange('today', NOW))).toBe(300);
    expect(defaultGranularity(presetRange('yesterday', NOW))).toBe(300);
    expect(defaultGranularity(presetRange('threeDays', NOW))).toBe(3600);
    expect(defaultGranularity(presetRange('week', NOW))).toBe(3600);
    expect(defaultGranularity(presetRange('lastMonth', NOW))).toBe(86400);
  });

  it('offers only readable granularities and refits a chosen one', () => {
    expect(allowedGranularities(presetRange('today', NOW))).toEqual([300, 3600, 86400]);
    expect(allowedGranularities(presetRange('week', NOW))).toEqual([3600, 86400]);
    expect(fitGranularity(300, presetRange('week', NOW))).toBe(3600);
    expect(fitGranularity(86400, presetRange('today', NOW))).toBe(86400);
  });
});
