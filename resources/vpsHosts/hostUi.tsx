import { Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import type { Area } from '../../common/wire/hostTypes';
import type { HostStatus } from '../../common/rules/hostRules';
import { formatDateTime } from '../../src/lib/dateTime';

/** Pieces shared by the VPS and the dedicated-server screens and the host overview. */

const COLORS: Record<HostStatus, 'success' | 'error' | 'info' | 'default' | 'warning'> = {
  running: 'success', stopped: 'default', expired: 'error', creating: 'info', error: 'error',
};

export function HostStatusChip({ status }: { status: HostStatus }) {
  const t = useTranslate();
  return <Chip size="small" color={COLORS[status]} variant="outlined" label={t(`resources.cdn/cloudHostList.status.${status}`)} />;
}

/** The areas of GET /api/area/all, loaded once per session. */
export function useAreas(): Area[] {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data } = useQuery({ queryKey: ['hostAreas'], queryFn: () => dataProvider.hostAreas(), staleTime: 3_600_000 });
  return data ?? [];
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

export const formatCpu = (avg: number | null, peak: number | null) => (avg === null || peak === null ? '—' : `${avg.toFixed(1)}% / ${peak.toFixed(1)}%`);
