import { describe, expect, it } from 'vitest';
import { DEMO_ROWS, TEST_SCALE, demoStatementHours, statementWindows } from '../../server/demo/traffic';
import { demoInsertSql, planDomains } from '../../server/demo/trafficSql';
import { DEMO_DOMAINS } from '../../server/demo/domainsData';

const domains = DEMO_DOMAINS.map((d) => ({ name: d.name, account: d.account, type: d.config.type, scope: d.config.scope, status: d.status }));
// 2026-11-20 10:30:17 UTC: neither a whole hour nor midnight.
const START = Date.UTC(2026, 10, 20, 10, 30, 17) / 1000;
const HOURS = 7 * 24;

describe('demo traffic statements', () => {
  it('cover every hour once, in windows that end at the first hour mark past each UTC midnight', () => {
    for (const step of [24, 12, 8, 1]) {
      const windows = statementWindows(START, HOURS, step);
      expect(windows[0][0]).toBe(0);
      expect(windows.at(-1)![1]).toBe(HOURS);
      windows.forEach(([from, to], i) => {
        expect(to - from).toBeGreaterThan(0);
        expect(to - from).toBeLessThanOrEqual(step);
        if (i > 0) expect(from).toBe(windows[i - 1][1]);
      });
      // 13 h 29 min 43 s from the start to midnight: the first window ends at hour mark 14 (or a multiple of step before it).
      for (const [, to] of windows.slice(0, -1)) expect((((to - 14) % step) + step) % step).toBe(0);
    }
    expect(statementWindows(START, HOURS, HOURS)).toEqual([[0, HOURS]]);
    expect(statementWindows(START, HOURS, 24)).toHaveLength(8);
  });

  it('sizes windows by memory: 12 h at scale 1, 24 h at the tests\' scale (its domain-hours hold a few rows each)', () => {
    expect(demoStatementHours(planDomains(domains, DEMO_ROWS, START), START, HOURS)).toBe(12);
    expect(demoStatementHours(planDomains(domains, Math.round(DEMO_ROWS * TEST_SCALE), START), START, HOURS)).toBe(24);
  });

  it('windows together write the rows of one statement', () => {
    const plans = planDomains(domains, Math.round(DEMO_ROWS * TEST_SCALE), START);
    const whole = demoInsertSql(plans, START, HOURS, 7919).rows;
    const parts = statementWindows(START, HOURS, 24).map(([from, to]) => demoInsertSql(plans, START, HOURS, 7919, 'traffic.access_log', { from, to }).rows);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(whole);
  });
});
