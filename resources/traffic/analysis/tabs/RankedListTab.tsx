import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { summarizeUserAgent } from '../../../../src/lib/userAgent';
import type { RankedItem } from '../../../../common/wire/traffic/index';
import { PieShare } from '../../../../src/charts';
import { formatCount } from '../../../../src/lib/units';
import { ColumnsTable, CsvButton, type CsvColumn } from '../../../../src/kit/ColumnsTable';
import { QueryView, Section } from '../TabParts';
import { useAnalysisQuery, type TabProps } from '../useAnalysisQuery';
import { flowColumn, LongText, percentColumn, rankColumn, requestColumn } from './columns';

type RankedRow = RankedItem & { id: number; rank: number; label: string };

/**
 * Client agents (kind 'client') or referers (kind 'source'): share of requests (donut of the largest)
 * and the top 100 with requests, flow and share.
 */
export function RankedListTab({ kind, ...props }: TabProps & { kind: 'client' | 'source' }) {
  const translate = useTranslate();
  const state = useAnalysisQuery(`ranked-${kind}`, props, (dp) =>
    kind === 'client' ? dp.analysisAgent(props.variant, props.applied.search) : dp.analysisSource(props.variant, props.applied.search),
  );
  const none = translate(kind === 'client' ? 'pages.cdn/analysisOff.client.none' : 'pages.cdn/analysisOff.source.none');
  // Agents get a readable name ('Chrome 126 · Windows'); referers are shown as sent.
  const nameOf = (raw: string) => (raw ? (kind === 'client' ? summarizeUserAgent(raw) : raw) : none);
  const rows: RankedRow[] = (state.data?.list ?? []).map((r, i) => ({ ...r, id: i + 1, rank: i + 1, label: nameOf(r.name) }));
  const columns: CsvColumn<RankedRow>[] = [
    rankColumn<RankedRow>(translate),
    {
      source: 'label',
      label: translate(kind === 'client' ? 'pages.cdn/analysisOff.columns.agent' : 'pages.cdn/analysisOff.columns.referer'),
      render: (r) => (kind === 'client' && r.name ? <LongText title={r.label} text={r.name} /> : <LongText text={r.label} />),
      csv: (r) => r.name,
    },
    requestColumn<RankedRow>(translate),
    flowColumn<RankedRow>(translate),
    percentColumn<RankedRow>(translate),
  ];
  return (
    <Section
      title={translate(kind === 'client' ? 'pages.cdn/analysisOff.client.tableTitle' : 'pages.cdn/analysisOff.source.tableTitle')}
      testId={`tab-${kind}`}
      actions={<CsvButton rows={rows} columns={columns} name={kind === 'client' ? 'client-agents' : 'referers'} />}
    >
      <QueryView state={state} isEmpty={(d) => d.list.length === 0}>
        {(d) => (
          <>
            <Typography variant="body2" color="text.secondary">
              {translate('pages.cdn/analysisOff.top.total', { value: formatCount(d.count) })}
            </Typography>
            <Typography variant="subtitle2" sx={{ mt: 1 }}>
              {translate(kind === 'client' ? 'pages.cdn/analysisOff.client.chartTitle' : 'pages.cdn/analysisOff.source.chartTitle')}
            </Typography>
            <Box sx={{ maxWidth: 1100 }}>
              <PieShare
                data={pieSlices(rows, d.count, translate('pages.cdn/analysisOff.other'))}
                kind="count"
                otherLabel={translate('pages.cdn/analysisOff.other')}
                maxSlices={PIE_SLICES}
                height={320}
              />
            </Box>
            <ColumnsTable rows={rows} columns={columns} sorting testId={`table-${kind}`} />
          </>
        )}
      </QueryView>
    </Section>
  );
}

const PIE_SLICES = 8;

/**
 * Requests per shown name (agents with the same readable name add up), the largest PIE_SLICES, plus one
 * "Other" slice for every remaining request (also those beyond the top 100).
 */
function pieSlices(rows: RankedRow[], total: number, other: string) {
  const byName = new Map<string, number>();
  for (const r of rows) byName.set(shorten(r.label), (byName.get(shorten(r.label)) ?? 0) + r.request);
  const head = [...byName]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value)
    .slice(0, PIE_SLICES);
  const rest = Math.max(0, total - head.reduce((s, r) => s + r.value, 0));
  return rest > 0 ? [...head, { name: other, value: rest, color: '#9e9e9e' }] : head;
}

/** Legend text: user agents and referers are long; the table has them in full. */
function shorten(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
