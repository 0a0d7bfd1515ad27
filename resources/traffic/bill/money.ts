import dayjs from 'dayjs';
import { roundTo } from '../../../src/lib/units';

/** Yuan with 2 decimals and thousands separators: 1234.5 → '¥1,234.50' (spec §9: currency yuan). */
export function formatYuan(value: number | null | undefined): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? roundTo(value, 2) : 0;
  const [int, frac] = Math.abs(n).toFixed(2).split('.');
  return `${n < 0 ? '-' : ''}¥${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** The last `count` months 'YYYY-MM' up to the month of `now`, newest first. */
export function recentMonths(now: Date = new Date(), count = 12): string[] {
  const start = dayjs(now).startOf('month');
  return Array.from({ length: count }, (_, i) => start.subtract(i, 'month').format('YYYY-MM'));
}

/** The month `n` months before 'YYYY-MM'. */
export const monthsBefore = (month: string, n: number): string => dayjs(`${month}-01`).subtract(n, 'month').format('YYYY-MM');
