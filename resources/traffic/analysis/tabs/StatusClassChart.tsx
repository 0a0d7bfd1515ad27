import { useLocaleState, useTranslate } from 'react-admin';
import type { StatusClasses, StatusCurvePoint } from '../../../../common/wire/traffic/index';
import { TimeSeriesChart } from '../../../../src/charts';
import type { TimeRange, Granularity } from '../../../../src/lib/time';
import { toTimePoints } from './curves';

export const STATUS_CLASSES = [
  'statusCode2',
  'statusCode3',
  'statusCode4',
  'statusCode5',
  'statusCode1',
  'statusCode0',
] as const satisfies ReadonlyArray<keyof StatusClasses>;
export const STATUS_COLORS: Record<(typeof STATUS_CLASSES)[number], string> = {
  statusCode1: '#78909c',
  statusCode2: '#2e7d32',
  statusCode3: '#1976d2',
  statusCode4: '#ef6c00',
  statusCode5: '#c62828',
  statusCode0: '#8d6e63',
};

/** Requests per status class (1xx–5xx, other) over time. */
export function StatusClassChart({ points, range, interval }: { points: StatusCurvePoint[]; range: TimeRange; interval: Granularity }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const data = toTimePoints(points, range, (p) => Object.fromEntries(STATUS_CLASSES.map((k) => [k, p[k]])));
  return (
    <TimeSeriesChart
      data={data}
      series={STATUS_CLASSES.map((k) => ({
        key: k,
        name: translate(`pages.cdn/analysisOff.status.classes.${k}`),
        color: STATUS_COLORS[k],
      }))}
      leftKind="count"
      leftTitle={translate('pages.cdn/analysisOff.axis.requests')}
      granularity={interval}
      locale={locale}
    />
  );
}
