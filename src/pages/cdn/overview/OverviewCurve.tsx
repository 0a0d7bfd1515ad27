import { useLocaleState, useTranslate } from 'react-admin';
import type { BandAndFlowPoint } from '../../../../dataProviders/api/trafficTypes';
import { TimeSeriesChart, type TimePoint } from '../../../charts';
import { secondsToMs, withinRange, type Granularity, type TimeRange } from '../../../lib/time';

/** Curve points (timestamps in seconds) → chart points (ms) inside the range, in time order. */
export function curvePoints(curve: readonly BandAndFlowPoint[], range: TimeRange): TimePoint[] {
  return curve
    .map((p) => ({ time: secondsToMs(p.timestamp), bandwidth: p.bandwidth, flow: p.flow }))
    .filter((p) => withinRange(p.time, range))
    .sort((a, b) => a.time - b.time);
}

/** Bandwidth (left axis, bps) and traffic per interval (right axis, bytes) over the range. */
export function OverviewCurve({ curve, range, interval }: { curve: readonly BandAndFlowPoint[]; range: TimeRange; interval: Granularity }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <TimeSeriesChart
      data={curvePoints(curve, range)}
      series={[
        { key: 'bandwidth', name: translate('overview.series.bandwidth'), area: true },
        { key: 'flow', name: translate(`overview.series.flow.${interval}`), axis: 'right' },
      ]}
      leftKind="bandwidth"
      leftTitle={translate('overview.axis.bandwidth')}
      rightKind="bytes"
      rightTitle={translate('overview.axis.flow')}
      granularity={interval}
      locale={locale}
      height={320}
    />
  );
}
