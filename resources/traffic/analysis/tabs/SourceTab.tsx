import { useTranslate } from 'react-admin';
import { GRANULARITY_SECONDS } from '../../../../src/lib/time';
import { bytesToBps } from '../../../../src/lib/units';
import { QueryView, Section } from '../TabParts';
import { useAnalysisQuery, type TabProps } from '../useAnalysisQuery';
import { toTimePoints } from './curves';
import { RequestBandwidthChart } from './RequestBandwidthChart';
import { RankedListTab } from './RankedListTab';
import { StatusClassChart } from './StatusClassChart';

/** Back-to-origin (cache miss) requests, bandwidth and status codes over time: real-time screen only. */
function OriginCurves(props: TabProps) {
  const translate = useTranslate();
  const { applied } = props;
  const requests = useAnalysisQuery('sourceRequestDb', props, (dp) => dp.analysisCurve('sourceRequest', applied.search));
  const statuses = useAnalysisQuery('sourceStatusDb', props, (dp) => dp.analysisCurve('sourceStatusCode', applied.search));
  const seconds = GRANULARITY_SECONDS[applied.interval];
  return (
    <>
      <Section title={translate('pages.cdn/analysisOff.source.originTitle')} testId="origin-requests">
        <QueryView state={requests} isEmpty={(d) => d.length === 0}>
          {(d) => (
            <RequestBandwidthChart
              data={toTimePoints(d, applied.range, (p) => ({ request: p.request, bandwidth: bytesToBps(p.flow, seconds) }))}
              requestName={translate('pages.cdn/analysisOff.series.originRequest')}
              interval={applied.interval}
            />
          )}
        </QueryView>
      </Section>
      <Section title={translate('pages.cdn/analysisOff.source.originStatusTitle')} testId="origin-status">
        <QueryView state={statuses} isEmpty={(d) => d.length === 0}>
          {(d) => <StatusClassChart points={d} range={applied.range} interval={applied.interval} />}
        </QueryView>
      </Section>
    </>
  );
}

/** Referers, plus back-to-origin curves on the real-time screen. */
export function SourceTab(props: TabProps) {
  return (
    <>
      <RankedListTab kind="source" {...props} />
      {props.variant === 'onLine' && <OriginCurves {...props} />}
    </>
  );
}
