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
  /** legend beside the donut (wide panels) or under it (narrow columns) */
  legend?: 'right' | 'bottom';
}

/**
 * Shares of a total as a donut with a legend (name and percent, largest first) and full values in the
 * tooltip. Slices carry no labels of their own: the legend holds the percentages, so nothing overlaps.
 */
export function PieShare({ data, kind, maxSlices = 8, otherLabel, height = 300, legend = 'right' }: PieShareProps) {
  // Largest first; an "Other" slice (given or made from the smallest) always comes last.
  const given = data.filter((d) => d.value > 0);
  const sorted = given.filter((d) => d.name !== otherLabel).sort((a, b) => b.value - a.value);
  const head = sorted.slice(0, maxSlices);
  const rest =
    sorted.slice(maxSlices).reduce((s, d) => s + d.value, 0) + given.filter((d) => d.name === otherLabel).reduce((s, d) => s + d.value, 0);
  const slices = rest > 0 ? [...head, { name: otherLabel, value: rest, color: '#9e9e9e' }] : head;
  const total = slices.reduce((s, d) => s + d.value, 0);
  const withPercent = slices.map((d, i) => ({ ...d, percent: percentOf(d.value, total), fill: d.color ?? seriesColor(i) }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <PieChart>
        <Pie data={withPercent} dataKey="value" nameKey="name" innerRadius="50%" outerRadius="85%" isAnimationActive={false}>
          {withPercent.map((d) => (
            <Cell key={d.name} fill={d.fill} />
          ))}
        </Pie>
        <Tooltip formatter={(v, name) => [`${formatValue(kind, Number(v))} (${formatPercent(percentOf(Number(v), total))})`, name]} />
        <Legend
          layout="vertical"
          align={legend === 'right' ? 'right' : 'center'}
          verticalAlign={legend === 'right' ? 'middle' : 'bottom'}
          itemSorter={null}
          // Data order (largest first); names may repeat after shortening, so the percent comes from the slice itself.
          formatter={(value: string, entry) => {
            const percent = (entry.payload as { percent?: number } | undefined)?.percent;
            return percent === undefined ? value : `${value}  ${formatPercent(percent)}`;
          }}
          wrapperStyle={legend === 'right' ? { maxWidth: '55%', fontSize: 13, lineHeight: '22px' } : { fontSize: 13, lineHeight: '22px' }}
        />
      </PieChart>
    </ResponsiveContainer>
  );
}

export default PieShare;
