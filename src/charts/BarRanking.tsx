import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatAxisTick, formatValue, type ValueKind } from '../lib/units';
import { seriesColor } from './palette';

export interface RankItem {
  name: string;
  value: number;
}

export interface BarRankingProps {
  data: RankItem[];
  kind: ValueKind;
  /** title of the value axis and the tooltip's value name (translated) */
  valueTitle: string;
  /** bars shown, largest first */
  maxItems?: number;
  color?: string;
  /** width of the name column in pixels; longer names are cut with … (full name in the tooltip) */
  labelWidth?: number;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Horizontal bars ranking names (URLs, agents, IPs, regions) by a value, largest on top. */
export function BarRanking({ data, kind, valueTitle, maxItems = 10, color = seriesColor(0), labelWidth = 260 }: BarRankingProps) {
  const rows = [...data].sort((a, b) => b.value - a.value).slice(0, maxItems);
  const maxChars = Math.floor(labelWidth / 7);
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 30 + 56)}>
      <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 32, bottom: 24, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis
          type="number"
          tickFormatter={(v: number) => formatAxisTick(kind, v)}
          tick={{ fontSize: 12 }}
          label={{ value: valueTitle, position: 'insideBottom', offset: -16, fontSize: 12 }}
        />
        <YAxis
          type="category"
          dataKey="name"
          width={labelWidth}
          interval={0}
          tick={{ fontSize: 12 }}
          tickFormatter={(v: string) => cut(String(v), maxChars)}
        />
        <Tooltip formatter={(v) => [formatValue(kind, Number(v)), valueTitle]} cursor={{ fillOpacity: 0.3 }} />
        <Bar dataKey="value" name={valueTitle} fill={color} barSize={18} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export default BarRanking;
