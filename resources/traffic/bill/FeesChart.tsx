import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { seriesColor } from '../../../src/charts/palette';
import { formatYuan } from './money';

export interface FeeBar {
  /** category label (a month or a day) */
  label: string;
  [fee: string]: number | string;
}

/** Short yuan tick: ¥1.2K, ¥350 (full values are in the tooltip). */
function yuanTick(v: number): string {
  if (Math.abs(v) >= 1e6) return `¥${Math.round(v / 1e5) / 10}M`;
  if (Math.abs(v) >= 1e3) return `¥${Math.round(v / 100) / 10}K`;
  return `¥${Math.round(v * 100) / 100}`;
}

/** Fees per month or per day as grouped bars, with a labelled yuan axis, a legend and full values in the tooltip. */
export function FeesChart({
  data,
  series,
  axisTitle,
  height = 280,
}: {
  data: FeeBar[];
  series: { key: string; name: string }[];
  axisTitle: string;
  height?: number;
}) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={8} />
        <YAxis
          width={84}
          tickFormatter={yuanTick}
          tick={{ fontSize: 12 }}
          label={{ value: axisTitle, angle: -90, position: 'insideLeft', style: { textAnchor: 'middle', fontSize: 12 }, offset: 0 }}
        />
        <Tooltip formatter={(v) => formatYuan(Number(v))} />
        <Legend verticalAlign="top" height={32} itemSorter={(item) => series.findIndex((s) => s.key === item.dataKey)} />
        {series.map((s, i) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={seriesColor(i)} maxBarSize={48} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

export default FeesChart;
