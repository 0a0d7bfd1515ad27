import { useLocaleState, useTranslate } from 'react-admin';
import { TimeSeriesChart, type TimePoint } from '../../../../src/charts';
import type { Granularity } from '../../../../src/lib/time';

/** Requests (left axis) and bandwidth (right axis) over time: of the search, or back to origin. */
export function RequestBandwidthChart({
  data,
  requestName,
  requestArea,
  interval,
  height,
}: {
  /** points with `request` and `bandwidth` (bps) */
  data: TimePoint[];
  /** the name of the requests' series */
  requestName: string;
  /** the requests drawn as a filled area */
  requestArea?: boolean;
  interval: Granularity;
  height?: number;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <TimeSeriesChart
      data={data}
      series={[
        { key: 'request', name: requestName, area: requestArea },
        { key: 'bandwidth', name: translate('pages.cdn/analysisOff.series.bandwidth'), axis: 'right' },
      ]}
      leftKind="count"
      leftTitle={translate('pages.cdn/analysisOff.axis.requests')}
      rightKind="bandwidth"
      rightTitle={translate('pages.cdn/analysisOff.axis.bandwidth')}
      granularity={interval}
      locale={locale}
      height={height}
    />
  );
}
