import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { BandAndFlowPoint } from '../../../common/wire/traffic/index';
import { TimeSeriesChart, type TimePoint } from '../../../src/charts';
import { secondsToMs, withinRange, type Granularity, type TimeRange } from '../../../src/lib/time';
import { Section } from '../../../src/kit/QueryView';
import { Choice, optionsOf } from '../shared/Choice';

const MEASURES = ['bandwidth', 'flow'] as const;
type Measure = (typeof MEASURES)[number];

/** Curve points (timestamps in seconds) → chart points (ms) inside the range, in time order. */
export function curvePoints(curve: readonly BandAndFlowPoint[], range: TimeRange): TimePoint[] {
  return curve
    .map((p) => ({ time: secondsToMs(p.timestamp), bandwidth: p.bandwidth, flow: p.flow }))
    .filter((p) => withinRange(p.time, range))
    .sort((a, b) => a.time - b.time);
}

/**
 * Bandwidth (bps, the average of each interval) or traffic per interval (bytes) over the range; one at
 * a time, since both draw the same shape on different scales.
 */
export function OverviewCurve({ curve, range, interval }: { curve: readonly BandAndFlowPoint[]; range: TimeRange; interval: Granularity }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [measure, setMeasure] = useState<Measure>('bandwidth');
  const bandwidth = measure === 'bandwidth';
  return (
    <Section
      title={translate('pages.cdn/newoverview.curveTitle')}
      testId="overview-curve"
      actions={
        <Choice
          value={measure}
          onChange={setMeasure}
          label={translate('pages.cdn/newoverview.curveTitle')}
          options={optionsOf(MEASURES, (m) => translate(`pages.cdn/newoverview.axis.${m}`), 'curve')}
        />
      }
    >
      <TimeSeriesChart
        data={curvePoints(curve, range)}
        series={[
          bandwidth
            ? { key: 'bandwidth', name: translate(`pages.cdn/newoverview.series.bandwidth.${interval}`), area: true }
            : { key: 'flow', name: translate(`pages.cdn/newoverview.series.flow.${interval}`), area: true },
        ]}
        leftKind={bandwidth ? 'bandwidth' : 'bytes'}
        leftTitle={translate(bandwidth ? 'pages.cdn/newoverview.axis.bandwidth' : 'pages.cdn/newoverview.axis.flow')}
        granularity={interval}
        locale={locale}
        height={320}
      />
    </Section>
  );
}
