import { describe, expect, it } from 'vitest';
import {
  bytesToBps,
  formatAxisTick,
  formatBandwidth,
  formatBytes,
  formatCompact,
  formatCount,
  formatPercent,
  formatValue,
  hitPercent,
  missPercent,
  percentOf,
  roundTo,
  scaleBase1000,
} from '../../src/lib/units';

describe('base-1000 units', () => {
  it('scales by 1000 through K, M, G, T, P, E', () => {
    expect(scaleBase1000(999)).toEqual({ value: 999, prefix: '' });
    expect(scaleBase1000(1000)).toEqual({ value: 1, prefix: 'K' });
    expect(scaleBase1000(1_500_000)).toEqual({ value: 1.5, prefix: 'M' });
    expect(scaleBase1000(2e9).prefix).toBe('G');
    expect(scaleBase1000(2e12).prefix).toBe('T');
    expect(scaleBase1000(2e15).prefix).toBe('P');
    expect(scaleBase1000(2e18).prefix).toBe('E');
    // Beyond E it stays in E rather than inventing a prefix.
    expect(scaleBase1000(3e21)).toEqual({ value: 3000, prefix: 'E' });
  });

  it('formats bytes with B and 2 decimals by default', () => {
    expect(formatBytes(0)).toBe('0.00 B');
    expect(formatBytes(512)).toBe('512.00 B');
    expect(formatBytes(1024)).toBe('1.02 KB');
    expect(formatBytes(1_234_567)).toBe('1.23 MB');
    expect(formatBytes(1_235_000_000, 1)).toBe('1.2 GB');
    expect(formatBytes(4.5e15)).toBe('4.50 PB');
    expect(formatBytes(Number.NaN)).toBe('0.00 B');
    expect(formatBytes(null)).toBe('0.00 B');
  });

  it('formats bandwidth with bps', () => {
    expect(formatBandwidth(999)).toBe('999.00 bps');
    expect(formatBandwidth(12_345_678)).toBe('12.35 Mbps');
    expect(formatBandwidth(1e12)).toBe('1.00 Tbps');
    expect(formatBandwidth(7e18)).toBe('7.00 Ebps');
  });

  it('derives bandwidth from bytes over a period', () => {
    expect(bytesToBps(375_000_000, 300)).toBe(10_000_000);
    expect(bytesToBps(100, 0)).toBe(0);
  });

  it('formats compact counts with one decimal and no trailing .0', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1000)).toBe('1K');
    expect(formatCompact(1530)).toBe('1.5K');
    expect(formatCompact(1_000_000)).toBe('1M');
    expect(formatCompact(2_345_678)).toBe('2.3M');
    expect(formatCompact(999_960)).toBe('1M');
    expect(formatCompact(-1500)).toBe('-1.5K');
  });

  it('formats full counts with separators', () => {
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(12)).toBe('12');
    expect(formatCount(-4321.5)).toBe('-4,321.5');
  });

  it('computes hit and miss percent to 2 decimals', () => {
    expect(hitPercent(1, 3)).toBe(33.33);
    expect(missPercent(1, 3)).toBe(66.67);
    expect(hitPercent(2, 3)).toBe(66.67);
    expect(hitPercent(0, 0)).toBe(0);
    expect(missPercent(0, 0)).toBe(0);
    expect(hitPercent(5, 5)).toBe(100);
    expect(percentOf(1, 8)).toBe(12.5);
  });

  it('formats percentages and rounds half away from zero', () => {
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatPercent(100)).toBe('100.00%');
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
  });

  it('formats values and short axis ticks by kind', () => {
    const values: Array<[Parameters<typeof formatValue>[0], number, string]> = [
      ['bytes', 2e9, '2.00 GB'],
      ['bandwidth', 2e6, '2.00 Mbps'],
      ['count', 12345, '12,345'],
      ['percent', 98.7654, '98.77%'],
    ];
    for (const [kind, v, text] of values) expect(formatValue(kind, v), `${kind} ${v}`).toBe(text);
    const ticks: Array<[Parameters<typeof formatAxisTick>[0], number, string]> = [
      ['bytes', 1_500_000_000, '1.5 GB'],
      ['bandwidth', 300_000_000, '300 Mbps'],
      ['count', 1050, '1,050'],
      ['count', 1_050_000, '1.05M'],
      ['count', 12_500, '12.5K'],
      ['bytes', 1_250_000_000, '1.25 GB'],
      ['percent', 99.95, '100%'],
      ['bytes', 0, '0 B'],
    ];
    for (const [kind, v, text] of ticks) expect(formatAxisTick(kind, v), `${kind} ${v}`).toBe(text);
  });
});
