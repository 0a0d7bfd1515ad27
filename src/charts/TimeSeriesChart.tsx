import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatAxisTick, formatValue, type ValueKind } from '../lib/units';
import { formatAxisTime, formatTooltipTime, type Granularity } from '../lib/time';
import { seriesColor } from './palette';

export interface SeriesDef {
  /** field of each data point */
  key: string;
  /** legend and tooltip name (already translated) */
  name: string;
  color?: string;
  /** which value axis the series uses */
  axis?: 'left' | 'right';
  /** filled area instead of a line */
  area?: boolean;
}

/** A data point: `time` in milliseconds plus one number per series key. */
export type TimePoint = { time: number } & Record<string, number>;

export interface TimeSeriesChartProps {
  data: TimePoint[];
  series: SeriesDef[];
  /** unit kind and title of the left axis */
  leftKind: ValueKind;
  leftTitle: string;
  /** optional right axis (e.g. percentages next to counts) */
  rightKind?: ValueKind;
  rightTitle?: string;
  granularity: Granularity;
  /** portal locale ('zh' | 'en') for dates */
  locale: string;
  height?: number;
  /** fixed [0, 100] for percentage axes */
  percentDomain?: boolean;
}

/**
 * Curves over time with labelled value axes (base-1000 units), a time axis whose labels never overlap
 * (minTickGap), a legend and a tooltip with the full date and full values.
 */
export function TimeSeriesChart({
  data,
  series,
  leftKind,
  leftTitle,
  rightKind,
  rightTitle,
  granularity,
  locale,
  height = 320,
  percentDomain,
}: TimeSeriesChartProps) {
  const kindOf = (key: string) => (series.find((s) => s.key === key)?.axis === 'right' ? (rightKind ?? leftKind) : leftKind);
  const hasRight = Boolean(rightKind && series.some((s) => s.axis === 'right'));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart data={data} margin={{ top: 8, right: hasRight ? 8 : 24, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        {timeAxis(data, granularity, locale)}
        <YAxis
          yAxisId="left"
          width={84}
          tickFormatter={(v: number) => formatAxisTick(leftKind, v)}
          domain={leftKind === 'percent' && percentDomain ? [0, 100] : [0, 'auto']}
          tick={{ fontSize: 12 }}
          label={{ value: leftTitle, angle: -90, position: 'insideLeft', style: { textAnchor: 'middle', fontSize: 12 }, offset: 0 }}
        />
        {hasRight && rightKind && (
          <YAxis
            yAxisId="right"
            orientation="right"
            width={84}
            tickFormatter={(v: number) => formatAxisTick(rightKind, v)}
            domain={rightKind === 'percent' ? [0, 100] : [0, 'auto']}
            tick={{ fontSize: 12 }}
            label={{ value: rightTitle, angle: 90, position: 'insideRight', style: { textAnchor: 'middle', fontSize: 12 }, offset: 0 }}
          />
        )}
        <Tooltip
          labelFormatter={(label) => formatTooltipTime(Number(label), granularity, locale)}
          formatter={(value, _name, item) => formatValue(kindOf(String(item.dataKey)), Number(value))}
        />
        <Legend verticalAlign="top" height={32} itemSorter={null} />
        {series.map((s, i) => {
          const color = s.color ?? seriesColor(i);
          const curve = {
            yAxisId: hasRight && s.axis === 'right' ? 'right' : 'left',
            type: 'monotone',
            dataKey: s.key,
            name: s.name,
            stroke: color,
            isAnimationActive: false,
          } as const;
          return s.area ? (
            <Area key={s.key} {...curve} fill={color} fillOpacity={0.15} dot={false} />
          ) : (
            <Line key={s.key} {...curve} strokeWidth={2} dot={data.length <= 2} />
          );
        })}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/**
 * The time axis of a chart of points with `time` (ms): labels as precise as the data's span and granularity
 * need, never overlapping (minTickGap). An element, not a component of its own: recharts finds its axes by type.
 */
export function timeAxis(data: ReadonlyArray<{ time: number }>, granularity: Granularity, locale: string) {
  const span = data.length > 1 ? data[data.length - 1].time - data[0].time : 0;
  return (
    <XAxis
      dataKey="time"
      type="number"
      scale="time"
      domain={['dataMin', 'dataMax']}
      tickFormatter={(v: number) => formatAxisTime(v, span, granularity, locale)}
      minTickGap={32}
      tick={{ fontSize: 12 }}
    />
  );
}

export default TimeSeriesChart;
