import { useState } from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AnalysisMeasure, UrlTopItem } from '../../../../common/wire/traffic/index';
import { BarRanking } from '../../../../src/charts';
import { formatBytes, formatCount } from '../../../../src/lib/units';
import { ColumnsTable, CsvButton, type CsvColumn } from '../../../../src/kit/ColumnsTable';
import { MeasureToggle, QueryView, Section } from '../TabParts';
import { useAnalysisQuery, type TabProps } from '../useAnalysisQuery';
import { flowColumn, LongText, percentColumn, rankColumn, requestColumn } from './columns';

type UrlRow = UrlTopItem & { id: number; rank: number };

/** URL top: the most requested URLs, by requests or by flow (top 100). Offline needs a domain. */
export function UrlTopTab(props: TabProps) {
  const translate = useTranslate();
  const [measure, setMeasure] = useState<AnalysisMeasure>('request');
  const state = useAnalysisQuery(`urlTop-${measure}`, props, (dp) => dp.analysisUrlTop(props.variant, props.applied.search, measure), {
    needsDomains: true,
  });
  const rows: UrlRow[] = (state.data?.list ?? []).map((u, i) => ({ ...u, id: i + 1, rank: i + 1 }));
  const columns: CsvColumn<UrlRow>[] = [
    rankColumn<UrlRow>(translate),
    { source: 'url', label: translate('pages.cdn/analysisOff.columns.url'), render: (r) => <LongText text={r.url} />, csv: (r) => r.url },
    requestColumn<UrlRow>(translate),
    flowColumn<UrlRow>(translate),
    percentColumn<UrlRow>(translate),
  ];
  const kind = measure === 'flow' ? 'bytes' : 'count';
  return (
    <Section
      title={translate('pages.cdn/analysisOff.top.tableTitle')}
      testId="tab-top"
      actions={
        <>
          <MeasureToggle value={measure} onChange={setMeasure} />
          <CsvButton rows={rows} columns={columns} name={`url-top-${measure}`} />
        </>
      }
    >
      <QueryView state={state} isEmpty={(d) => d.list.length === 0}>
        {(d) => (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('pages.cdn/analysisOff.top.total', { value: measure === 'flow' ? formatBytes(d.count) : formatCount(d.count) })}
            </Typography>
            <Typography variant="subtitle2">{translate('pages.cdn/analysisOff.top.chartTitle')}</Typography>
            <BarRanking
              data={d.list.map((u) => ({ name: u.url, value: measure === 'flow' ? u.flow : u.request }))}
              kind={kind}
              valueTitle={translate(measure === 'flow' ? 'pages.cdn/analysisOff.axis.flow' : 'pages.cdn/analysisOff.axis.requests')}
              labelWidth={320}
            />
            <ColumnsTable rows={rows} columns={columns} sorting testId="table-top" />
          </>
        )}
      </QueryView>
    </Section>
  );
}
