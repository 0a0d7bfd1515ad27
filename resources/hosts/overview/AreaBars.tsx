import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { seriesColor } from '../../../src/charts/palette';

export interface AreaBar {
  code: string;
  name: string;
  running: number;
  other: number;
}

export interface AreaBarsProps {
  data: AreaBar[];
  runningName: string;
  otherName: string;
  axisTitle: string;
  onPick: (code: string) => void;
}

/** Hosts per area as stacked bars (running and the rest); a click on a bar picks its area. */
export default function AreaBars({ data, runningName, otherName, axisTitle, onPick }: AreaBarsProps) {
  const pick = (entry: unknown) => {
    const code = (entry as { payload?: AreaBar } | undefined)?.payload?.code;
    if (code) onPick(code);
  };
  return (
    <ResponsiveContainer width="100%" height={300}>
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" interval={0} tick={{ fontSize: 12 }} />
        <YAxis
          allowDecimals={false}
          tick={{ fontSize: 12 }}
          label={{ value: axisTitle, angle: -90, position: 'insideLeft', style: { textAnchor: 'middle', fontSize: 12 } }}
        />
        <Tooltip cursor={{ fillOpacity: 0.3 }} />
        <Legend />
        <Bar
          dataKey="running"
          name={runningName}
          stackId="h"
          fill={seriesColor(0)}
          cursor="pointer"
          onClick={pick}
          isAnimationActive={false}
        />
        <Bar dataKey="other" name={otherName} stackId="h" fill={seriesColor(2)} cursor="pointer" onClick={pick} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
