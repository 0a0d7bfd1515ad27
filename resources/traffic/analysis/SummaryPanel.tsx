import { Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CountDetail } from '../../../common/wire/traffic/index';
import { formatTime } from '../../../src/lib/time';
import { formatBandwidth, formatBytes, formatCount, formatPercent } from '../../../src/lib/units';
import { Figure, QueryView, Section } from './TabParts';
import { useAnalysisQuery, type AnalysisQueryState, type TabProps } from './useAnalysisQuery';
import { RequestBandwidthChart } from './tabs/RequestBandwidthChart';
import { offlineCurve, onlineCurve, toTimePoints } from './tabs/curves';

/** Totals of the search (requests, traffic, peak bandwidth, hit rates) and the requests/bandwidth curve. */
export function SummaryPanel(props: TabProps) {
  const translate = useTranslate();
  const { variant, applied } = props;
  const online = variant === 'onLine';
  const count = useAnalysisQuery('count', props, (dp) => dp.analysisCount(variant, applied.search));
  const db = useAnalysisQuery('requestDb', props, (dp) => dp.analysisCurve('request', applied.search), { enabled: online });
  // The real-time screen's bandwidth curve comes from the shared bandwidth/flow search (spec §7).
  const band = useAnalysisQuery('bandAndFlow', props, (dp) => dp.bandAndFlow(applied.search), { enabled: online });
  const state: AnalysisQueryState<CountDetail> = online
    ? { ...count, loading: count.loading || db.loading || band.loading, error: count.error ?? db.error ?? band.error }
    : count;
  return (
    <Section title={translate('pages.cdn/analysisOff.summary.curveTitle')} testId="analysis-summary">
      <QueryView state={state} isEmpty={(d) => d.count.request === 0} height={200}>
        {(d) => {
          const raw = online ? onlineCurve(db.data ?? [], band.data) : offlineCurve(d);
          const points = toTimePoints(raw, applied.range, (p) => ({ request: p.request, bandwidth: p.bandwidth }));
          return (
            <>
              <Stack direction="row" spacing={4} useFlexGap sx={{ mb: 1, flexWrap: 'wrap' }}>
                <Figure
                  label={translate('pages.cdn/analysisOff.summary.request')}
                  value={formatCount(d.count.request)}
                  testId="summary-request"
                />
                <Figure label={translate('pages.cdn/analysisOff.summary.flow')} value={formatBytes(d.count.flow)} testId="summary-flow" />
                <Figure
                  label={translate('pages.cdn/analysisOff.summary.peakBandwidth')}
                  value={formatBandwidth(d.count.peakBandwidth)}
                  note={
                    d.count.peakTime
                      ? translate('pages.cdn/analysisOff.summary.peakAt', { time: formatTime(d.count.peakTime * 1000, 'minute') })
                      : undefined
                  }
                  testId="summary-peak"
                />
                <Figure
                  label={translate('pages.cdn/analysisOff.summary.hitPercent')}
                  value={formatPercent(d.count.hitPercent)}
                  testId="summary-hit"
                />
                <Figure label={translate('pages.cdn/analysisOff.summary.byteHitPercent')} value={formatPercent(d.count.byteHitPercent)} />
              </Stack>
              <RequestBandwidthChart
                data={points}
                requestName={translate('pages.cdn/analysisOff.series.request')}
                requestArea
                interval={applied.interval}
                height={260}
              />
            </>
          );
        }}
      </QueryView>
    </Section>
  );
}
