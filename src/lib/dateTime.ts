/**
 * Local date-time for tables and CSV exports, without dayjs: '2026-11-21 05:19:00', or to the minute
 * '2026-11-21 05:19'. Takes an ISO text, epoch milliseconds or a Date; an empty value gives '', a text
 * that is not a date is shown as it is. The traffic searches send their times in this text too (formatTime).
 */
export function formatDateTime(v: string | number | Date | null | undefined, seconds = true): string {
  if (v === null || v === undefined || v === '') return '';
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return typeof v === 'string' ? v : '';
  const p = (n: number) => String(n).padStart(2, '0');
  const hm = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
  return seconds ? `${hm}:${p(d.getSeconds())}` : hm;
}
