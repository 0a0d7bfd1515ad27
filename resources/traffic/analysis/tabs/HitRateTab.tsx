import { Stack } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AnalysisMeasure, HitRateList } from '../../../../common/wire/traffic/index';
import { TimeSeriesChart } from '../../../../src/charts';
import { formatTime } from '../../../../src/lib/time';
import { formatBytes, formatCount, formatPercent, hitPercent, missPercent } from '../../../../src/lib/units';
import { ColumnsTable, CsvButton, type CsvColumn } from '../../../../src/kit/ColumnsTable';
import { Figure, QueryView, Section } from '../TabParts';
import { useAnalysisQuery, type AnalysisQueryState, type TabProps } from '../useAnalysisQuery';
import { toTimePoints } from './curves';

interface HitPoint {
  id: number;
  time: number;
  hit: number;
  miss: number;
  hitPercent: number;
}

/** Offline curve: hit and miss buckets merged by time; percent = hit / (hit + miss) × 100. */
function fromHitList(d: HitRateList): Array<{ recordTime: number; hit: number; miss: number }> {
  const byTime = new Map<number, { recordTime: number; hit: number; miss: number }>();
  for (const p of d.hitList) byTime.set(p.recordTime, { recordTime: p.recordTime, hit: p.value, miss: 0 });
  for (const p of d.missList) {
    const e = byTime.get(p.recordTime) ?? { recordTime: p.recordTime, hit: 0, miss: 0 };
    e.miss = p.value;
    byTime.set(p.recordTime, e);
  }
  return [...byTime.values()];
}

/** One hit-rate panel: request hit rate (measure request) or byte hit rate (measure flow). */
function HitSection({ measure, props }: { measure: AnalysisMeasure; props: TabProps }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { variant, applied } = props;
  const online = variant === 'onLine';
  const totals = useAnalysisQuery(`hitRate-${measure}`, props, (dp) => dp.analysisHitRate(variant, applied.search, measure), {
    needsDomains: measure === 'flow',
  });
  // Online curves come from the database calls; offline ones from the hit and miss lists.
  const reqCurve = useAnalysisQuery('hitRateDb', props, (dp) => dp.analysisCurve('hitRate', applied.search), {
    enabled: online && measure === 'request',
  });
  const byteCurve = useAnalysisQuery('byteRateDb', props, (dp) => dp.analysisCurve('byteRate', applied.search), {
    enabled: online && measure === 'flow',
  });

  const raw = !online
    ? fromHitList(totals.data ?? { hitList: [], missList: [], hit: 0, miss: 0, hitPercent: 0, missPercent: 0 })
    : measure === 'request'
      ? (reqCurve.data ?? []).map((p) => ({ recordTime: p.recordTime, hit: p.hit, miss: p.miss }))
      : (byteCurve.data ?? []).map((p) => ({ recordTime: p.recordTime, hit: p.hitFlow, miss: p.missFlow }));
  const points = toTimePoints(raw, applied.range, (p) => ({ hit: p.hit, miss: p.miss, hitPercent: hitPercent(p.hit, p.hit + p.miss) }));
  const rows: HitPoint[] = points.map((p, i) => ({ id: i, time: p.time, hit: p.hit, miss: p.miss, hitPercent: p.hitPercent }));
  const fmt = measure === 'flow' ? formatBytes : formatCount;
  const unit = measure === 'flow' ? ' (B)' : '';
  const columns: CsvColumn<HitPoint>[] = [
    {
      source: 'time',
      label: translate('pages.cdn/analysisOff.columns.time'),
      render: (r) => formatTime(r.time, 'minute'),
      csv: (r) => formatTime(r.time, 'minute'),
    },
    {
      source: 'hit',
      label: translate(measure === 'flow' ? 'pages.cdn/analysisOff.columns.hitFlow' : 'pages.cdn/analysisOff.columns.hitRequests'),
      csvHeader:
        translate(measure === 'flow' ? 'pages.cdn/analysisOff.columns.hitFlow' : 'pages.cdn/analysisOff.columns.hitRequests') + unit,
      render: (r) => fmt(r.hit),
      csv: (r) => r.hit,
      align: 'right',
    },
    {
      source: 'miss',
      label: translate(measure === 'flow' ? 'pages.cdn/analysisOff.columns.missFlow' : 'pages.cdn/analysisOff.columns.missRequests'),
      csvHeader:
        translate(measure === 'flow' ? 'pages.cdn/analysisOff.columns.missFlow' : 'pages.cdn/analysisOff.columns.missRequests') + unit,
      render: (r) => fmt(r.miss),
      csv: (r) => r.miss,
      align: 'right',
    },
    {
      source: 'hitPercent',
      label: translate(measure === 'flow' ? 'pages.cdn/analysisOff.columns.byteHitPercent' : 'pages.cdn/analysisOff.columns.hitPercent'),
      csvHeader:
        translate(measure === 'flow' ? 'pages.cdn/analysisOff.columns.byteHitPercent' : 'pages.cdn/analysisOff.columns.hitPercent') +
        ' (%)',
      render: (r) => formatPercent(r.hitPercent),
      csv: (r) => r.hitPercent,
      align: 'right',
    },
  ];
  const curveState = (online ? (measure === 'request' ? reqCurve : byteCurve) : totals) as AnalysisQueryState<unknown>;
  // The panel waits for both calls; the totals' error (or 'domains is required') wins.
  const state: AnalysisQueryState<HitRateList> = {
    ...totals,
    loading: totals.loading || curveState.loading,
    error: totals.error ?? curveState.error,
  };
  return (
    <Section
      title={translate(measure === 'flow' ? 'pages.cdn/analysisOff.hit.byteTitle' : 'pages.cdn/analysisOff.hit.requestTitle')}
      testId={`hit-${measure}`}
      actions={<CsvButton rows={rows} columns={columns} name={`hit-rate-${measure}`} />}
    >
      <QueryView state={state} isEmpty={(d) => d.hit + d.miss === 0}>
        {(d) => (
          <>
            <Stack direction="row" spacing={4} sx={{ mb: 1, flexWrap: 'wrap' }} useFlexGap>
              <Figure
                label={translate(
                  measure === 'flow' ? 'pages.cdn/analysisOff.series.byteHitPercent' : 'pages.cdn/analysisOff.series.hitPercent',
                )}
                value={formatPercent(hitPercent(d.hit, d.hit + d.miss))}
                testId={`hit-${measure}-percent`}
              />
              <Figure
                label={translate('pages.cdn/analysisOff.series.missPercent')}
                value={formatPercent(missPercent(d.hit, d.hit + d.miss))}
              />
              <Figure
                label={translate(measure === 'flow' ? 'pages.cdn/analysisOff.series.hitFlow' : 'pages.cdn/analysisOff.series.hit')}
                value={fmt(d.hit)}
              />
              <Figure
                label={translate(measure === 'flow' ? 'pages.cdn/analysisOff.series.missFlow' : 'pages.cdn/analysisOff.series.miss')}
                value={fmt(d.miss)}
              />
            </Stack>
            <TimeSeriesChart
              data={points}
              series={[
                {
                  key: 'hit',
                  name: translate(measure === 'flow' ? 'pages.cdn/analysisOff.series.hitFlow' : 'pages.cdn/analysisOff.series.hit'),
                  area: true,
                  color: '#2e7d32',
                },
                {
                  key: 'miss',
                  name: translate(measure === 'flow' ? 'pages.cdn/analysisOff.series.missFlow' : 'pages.cdn/analysisOff.series.miss'),
                  area: true,
                  color: '#ef6c00',
                },
                {
                  key: 'hitPercent',
                  name: translate(
                    measure === 'flow' ? 'pages.cdn/analysisOff.series.byteHitPercent' : 'pages.cdn/analysisOff.series.hitPercent',
                  ),
                  axis: 'right',
                  color: '#1565c0',
                },
              ]}
              leftKind={measure === 'flow' ? 'bytes' : 'count'}
              leftTitle={translate(measure === 'flow' ? 'pages.cdn/analysisOff.axis.flow' : 'pages.cdn/analysisOff.axis.requests')}
              rightKind="percent"
              rightTitle={translate('pages.cdn/analysisOff.axis.percent')}
              granularity={applied.interval}
              locale={locale}
            />
            <ColumnsTable rows={rows} columns={columns} sorting testId={`table-hit-${measure}`} />
          </>
        )}
      </QueryView>
    </Section>
  );
}

/** Hit rate: request and byte hit-rate curves (hit percent = hit / request × 100, 2 decimals). */
export function HitRateTab(props: TabProps) {
  return (
    <>
      <HitSection measure="request" props={props} />
      <HitSection measure="flow" props={props} />
    </>
  );
}
