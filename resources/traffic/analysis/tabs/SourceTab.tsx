import { useLocaleState, useTranslate } from 'react-admin';
import { TimeSeriesChart } from '../../../../src/charts';
import { GRANULARITY_SECONDS } from '../../../../src/lib/time';
import { bytesToBps } from '../../../../src/lib/units';
import { QueryView, Section } from '../TabParts';
import { useAnalysisQuery, type TabProps } from '../useAnalysisQuery';
import { toTimePoints } from './curves';
import { RankedListTab } from './RankedListTab';
import { StatusClassChart } from './StatusClassChart';

/** Back-to-origin (cache miss) requests, bandwidth and status codes over time: real-time screen only. */
function OriginCurves(props: TabProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { applied } = props;
  const requests = useAnalysisQuery('sourceRequestDb', props, (dp) => dp.analysisCurve('sourceRequest', applied.search));
  const statuses = useAnalysisQuery('sourceStatusDb', props, (dp) => dp.analysisCurve('sourceStatusCode', applied.search));
  const seconds = GRANULARITY_SECONDS[applied.interval];
  return (
    <>
      <Section title={translate('pages.cdn/analysisOff.source.originTitle')} testId="origin-requests">
        <QueryView state={requests} isEmpty={(d) => d.length === 0}>
          {(d) => (
            <TimeSeriesChart
              data={toTimePoints(d, applied.range, (p) => ({ request: p.request, bandwidth: bytesToBps(p.flow, seconds) }))}
              series={[
                { key: 'request', name: translate('pages.cdn/analysisOff.series.originRequest') },
                { key: 'bandwidth', name: translate('pages.cdn/analysisOff.series.bandwidth'), axis: 'right' },
              ]}
              leftKind="count"
              leftTitle={translate('pages.cdn/analysisOff.axis.requests')}
              rightKind="bandwidth"
              rightTitle={translate('pages.cdn/analysisOff.axis.bandwidth')}
              granularity={applied.interval}
              locale={locale}
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
