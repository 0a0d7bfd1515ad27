import { Chip } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Area, HostCustomer } from '../../common/wire/hosts';
import type { HostStatus } from '../../common/rules/hosts';
import { formatDateTime } from '../../src/lib/dateTime';
import { usePortalQuery } from '../../src/kit/usePortalQuery';

/** Pieces shared by the VPS and the dedicated-server screens and the host overview. */

const COLORS: Record<HostStatus, 'success' | 'error' | 'info' | 'default' | 'warning'> = {
  running: 'success',
  stopped: 'default',
  expired: 'error',
  creating: 'info',
  error: 'error',
};

export function HostStatusChip({ status }: { status: HostStatus }) {
  const t = useTranslate();
  return <Chip size="small" color={COLORS[status]} variant="outlined" label={t(`resources.cdn/cloudHostList.status.${status}`)} />;
}

/** The areas of GET /api/area/all, loaded once per session. */
export function useAreas(): Area[] {
  return usePortalQuery(['hostAreas'], (dp) => dp.hostAreas(), { staleTime: 3_600_000 }).data ?? [];
}

/** Staff only: the customers the host screens can be narrowed to (GET /api/hostInfo/customers). */
export function useHostCustomers(enabled = true): HostCustomer[] {
  return usePortalQuery(['hostCustomers'], (dp) => dp.hostCustomers(), { enabled, staleTime: 600_000 }).data ?? [];
}

/** area code → its name in the current language. */
export function useAreaName(): (code: string) => string {
  const areas = useAreas();
  const [locale] = useLocaleState();
  return (code) => {
    const a = areas.find((x) => x.code === code);
    return a ? (locale === 'en' ? a.nameEn : a.nameZh) : code;
  };
}

/** Host times to the minute: '2026-11-25T03:04:05Z' → '2026-11-25 11:04' (local time). */
export const formatHostTime = (iso: string): string => formatDateTime(iso, false);

export const formatCpu = (avg: number | null, peak: number | null) =>
  avg === null || peak === null ? '—' : `${avg.toFixed(1)}% / ${peak.toFixed(1)}%`;
