import dayjs from 'dayjs';

/** Months 'YYYY-MM' from the month of `first` (seconds) up to the month of `now`, newest first, at most `max`. */
export function monthsSince(first: number | null, now: Date = new Date(), max = 12): string[] {
  const last = dayjs(now).startOf('month');
  const start = first === null ? last : dayjs(first * 1000).startOf('month');
  const out: string[] = [];
  for (let m = last; !m.isBefore(start) && out.length < max; m = m.subtract(1, 'month')) out.push(m.format('YYYY-MM'));
  return out.length ? out : [last.format('YYYY-MM')];
}
