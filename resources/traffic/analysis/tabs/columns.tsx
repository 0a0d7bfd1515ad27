import { Box } from '@mui/material';
import { formatBytes, formatCount, formatPercent } from '../../../../src/lib/units';
import type { CsvColumn } from '../../../../src/kit/ColumnsTable';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Columns many tables share: rank, requests, flow (bytes), share (percent). */
export const rankColumn = <T extends { rank: number }>(translate: Translate): CsvColumn<T> => ({
  source: 'rank',
  label: translate('pages.cdn/analysisOff.columns.rank'),
  render: (r) => r.rank,
  csv: (r) => r.rank,
  align: 'right',
});

export const requestColumn = <T extends { request: number }>(translate: Translate): CsvColumn<T> => ({
  source: 'request',
  label: translate('pages.cdn/analysisOff.columns.requests'),
  render: (r) => formatCount(r.request),
  csv: (r) => r.request,
  align: 'right',
});

export const flowColumn = <T extends { flow: number }>(translate: Translate): CsvColumn<T> => ({
  source: 'flow',
  label: translate('pages.cdn/analysisOff.columns.flow'),
  csvHeader: `${translate('pages.cdn/analysisOff.columns.flow')} (B)`,
  render: (r) => formatBytes(r.flow),
  csv: (r) => r.flow,
  align: 'right',
});

export const percentColumn = <T extends { percent: number }>(translate: Translate): CsvColumn<T> => ({
  source: 'percent',
  label: translate('pages.cdn/analysisOff.columns.percent'),
  csvHeader: `${translate('pages.cdn/analysisOff.columns.percent')} (%)`,
  render: (r) => formatPercent(r.percent),
  csv: (r) => r.percent,
  align: 'right',
});

/** A long text cell (URL, user agent, referer) that wraps instead of widening the table; optional bold title above. */
export function LongText({ text, title }: { text: string; title?: string }) {
  return (
    <Box sx={{ maxWidth: 720 }}>
      {title && <Box sx={{ fontWeight: 600 }}>{title}</Box>}
      <Box sx={{ wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 12.5, color: title ? 'text.secondary' : undefined }}>
        {text}
      </Box>
    </Box>
  );
}
