import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { formatPercent, formatValue, percentOf, type ValueKind } from '../lib/units';
import { seriesColor } from './palette';

export interface ShareSlice {
  name: string;
  value: number;
  color?: string;
}

export interface PieShareProps {
  data: ShareSlice[];
  kind: ValueKind;
  /** slices beyond this many (largest first) are merged into one named `otherLabel` */
  maxSlices?: number;
  otherLabel: string;
  height?: number;
}

/** Slices with their own label on the chart; smaller ones are only in the legend (no overlapping labels). */
const LABEL_MIN_PERCENT = 4;

/** Shares of a total as a donut with a legend (name and percent) and full values in the tooltip. */
export function PieShare({ data, kind, maxSlices = 8, otherLabel, height = 300 }: PieShareProps) {
  const sorted = [...data].filter((d) => d.value > 0).sort((a, b) => b.value - a.value);
  const head = sorted.slice(0, maxSlices);
  const rest = sorted.slice(maxSlices).reduce((s, d) => s + d.value, 0);
  const slices = rest > 0 ? [...head, { name: otherLabel, value: rest, color: '#9e9e9e' }] : head;
  const total = slices.reduce((s, d) => s + d.value, 0);
  const withPercent = slices.map((d, i) => ({ ...d, percent: percentOf(d.value, total), fill: d.color ?? seriesColor(i) }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <PieChart>
        <Pie
          data={withPercent}
          dataKey="value"
          nameKey="name"
          innerRadius="45%"
          outerRadius="75%"
          isAnimationActive={false}
          label={({ payload }: { payload?: { percent: number } }) =>
            payload && payload.percent >= LABEL_MIN_PERCENT ? formatPercent(payload.percent) : ''
          }
          labelLine={false}
        >
          {withPercent.map((d) => (
            <Cell key={d.name} fill={d.fill} />
          ))}
        </Pie>
        <Tooltip formatter={(v, name) => [`${formatValue(kind, Number(v))} (${formatPercent(percentOf(Number(v), total))})`, name]} />
        <Legend
          layout="vertical"
          align="right"
          verticalAlign="middle"
          formatter={(value: string) => {
            const d = withPercent.find((x) => x.name === value);
            return d ? `${value}  ${formatPercent(d.percent)}` : value;
          }}
        />
      </PieChart>
    </ResponsiveContainer>
  );
}

export default PieShare;
