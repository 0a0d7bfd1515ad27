import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { IppStatus } from '../../common/rules/ipProtection';
import { formatDateTime } from '../../src/lib/dateTime';

/** Pieces shared by the protected-IP list, form and dashboards. */

const COLORS: Record<IppStatus, 'success' | 'error' | 'info' | 'default' | 'warning'> = {
  toBeConfirmed: 'info',
  configuring: 'info',
  configured: 'success',
  disabling: 'default',
  disabled: 'default',
  originToBeChecked: 'warning',
};

/** States the job moves on by itself: the list refreshes while one is shown. */
export const TRANSITIONAL: readonly IppStatus[] = ['toBeConfirmed', 'configuring', 'disabling'];

export function IppStatusChip({ status }: { status: IppStatus }) {
  const t = useTranslate();
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant="outlined"
      label={t(`resources.ipP/ipset.status.${status}`)}
      data-testid="ipp-status"
      data-status={status}
    />
  );
}

/** IP protection times to the minute: '2026-11-25T03:04:05Z' or ms → '2026-11-25 11:04' (local time). */
export const formatIppTime = (v: string | number | null): string => formatDateTime(v, false);

/** "22, 80, 443, 8000-8019" */
export const portSummary = (ports: number[], ranges: Array<{ start: number; end: number }>) =>
  [...ports.map(String), ...ranges.map((r) => `${r.start}-${r.end}`)].join(', ');

/** "1 h 5 min", "45 s" */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : '', !h && !m ? `${s} s` : ''].filter(Boolean).join(' ');
}
