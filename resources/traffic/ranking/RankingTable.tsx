import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AnalysisMeasure, DosageEntry } from '../../../common/wire/traffic/index';
import { formatBytes, formatCount, formatPercent } from '../../../src/lib/units';
import type { CsvColumn } from '../../../src/kit/ColumnsTable';
import { Nowrap } from '../shared/Nowrap';

export type RankRow = DosageEntry & { id: string; rank: number };

export const toRankRows = (entries: readonly DosageEntry[]): RankRow[] =>
  entries.map((e, i) => ({ ...e, id: `${e.account}/${e.custom}`, rank: i + 1 }));

/** A share with a bar, so the ranking reads at a glance. */
function Share({ value }: { value: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'flex-end' }}>
      <Box sx={{ width: 80, height: 6, borderRadius: 1, bgcolor: 'action.selected', position: 'relative', overflow: 'hidden' }} aria-hidden>
        <Box
          sx={{ position: 'absolute', top: 0, bottom: 0, left: 0, width: `${Math.min(100, Math.max(0, value))}%`, bgcolor: 'primary.main' }}
        />
      </Box>
      <Typography variant="body2" component="span" sx={{ minWidth: 56, textAlign: 'right' }}>
        {formatPercent(value)}
      </Typography>
    </Box>
  );
}

/** Columns of the ranking (rank by the chosen measure; every column sortable but providers). */
export function useRankColumns(sortBy: AnalysisMeasure, providerName: (code: string) => string): CsvColumn<RankRow>[] {
  const translate = useTranslate();
  const col = (key: string) => translate(`pages.cdn/customRank.columns.${key}`);
  const shareLabel = translate(`pages.cdn/customRank.columns.ratio.${sortBy}`);
  return [
    { source: 'rank', label: col('rank'), render: (r) => r.rank, csv: (r) => r.rank, align: 'right' },
    { source: 'custom', label: col('domain'), render: (r) => r.custom, csv: (r) => r.custom },
    { source: 'account', label: col('account'), render: (r) => r.account, csv: (r) => r.account },
    {
      source: 'flow',
      label: col('flow'),
      csvHeader: `${col('flow')} (B)`,
      render: (r) => <Nowrap>{formatBytes(r.flow)}</Nowrap>,
      csv: (r) => r.flow,
      align: 'right',
    },
    {
      source: 'request',
      label: col('request'),
      render: (r) => <Nowrap>{formatCount(r.request)}</Nowrap>,
      csv: (r) => r.request,
      align: 'right',
    },
    {
      source: 'ratio',
      label: shareLabel,
      csvHeader: `${shareLabel} (%)`,
      render: (r) => <Share value={r.ratio} />,
      csv: (r) => r.ratio,
      align: 'right',
    },
    {
      source: 'providers',
      label: col('providers'),
      sortable: false,
      render: (r) => r.providers.map(providerName).join(', ') || '—',
      csv: (r) => r.providers.map(providerName).join(' '),
    },
  ];
}
