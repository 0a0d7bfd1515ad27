import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AnalysisMeasure, DosageEntry } from '../../../common/wire/traffic/index';
import { formatPercent } from '../../../src/lib/units';
import type { CsvColumn } from '../../../src/kit/ColumnsTable';
import { columnMakers, providersColumn } from '../shared/columns';

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
  const { text, figure } = columnMakers<RankRow>(col);
  const shareLabel = translate(`pages.cdn/customRank.columns.ratio.${sortBy}`);
  return [
    text('rank', 'rank', 'right'),
    text('custom', 'domain'),
    text('account'),
    figure('flow', 'bytes'),
    figure('request', 'count'),
    {
      source: 'ratio',
      label: shareLabel,
      csvHeader: `${shareLabel} (%)`,
      render: (r) => <Share value={r.ratio} />,
      csv: (r) => r.ratio,
      align: 'right',
    },
    providersColumn(col('providers'), providerName),
  ];
}
