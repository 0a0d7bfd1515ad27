import { useMemo, useRef, useState } from 'react';
import { Box, Skeleton } from '@mui/material';
import { geoMercator, geoPath } from 'd3-geo';
import type { ValueKind } from '../lib/units';
import { CHINA_SHAPE_IDS, findProvince } from './chinaProvinces';
import { useCountries } from './worldAtlas';
import { MAP_EMPTY } from './palette';
import { MapTooltip, relativePoint, type HoverState, type MapProps } from './MapTooltip';
import { formatValue } from '../lib/units';

export interface ProvinceValue {
  /** province name as stored (pinyin, e.g. 'Guangdong') */
  name: string;
  value: number;
}

/** `nameOf`: a province's name in the user's language. */
export type ChinaMapProps = MapProps<ProvinceValue>;

const W = 800;
const H = 600;
const MAX_RADIUS = 28;

/**
 * China outline (mainland, Taiwan, Hong Kong, Macao from world-atlas) with neighbours in grey, and one
 * bubble per province at its capital, its area proportional to the value.
 */
export function ChinaMap({ data, kind, valueTitle, nameOf, noDataText }: ChinaMapProps) {
  const features = useCountries(true);
  const [hover, setHover] = useState<HoverState | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const geo = useMemo(() => {
    if (!features) return null;
    const china = features.filter((f) => CHINA_SHAPE_IDS.has(String(f.id)));
    const projection = geoMercator().fitExtent(
      [
        [16, 16],
        [W - 16, H - 16],
      ],
      { type: 'FeatureCollection', features: china },
    );
    return { projection, path: geoPath(projection), china };
  }, [features]);
  const bubbles = useMemo(() => {
    if (!geo) return [];
    const max = Math.max(0, ...data.map((d) => d.value));
    return data
      .map((d) => ({ d, province: findProvince(d.name) }))
      .filter((b) => b.province && b.d.value > 0)
      .map(({ d, province }) => {
        const [x, y] = geo.projection(province!.coordinates) ?? [0, 0];
        return { name: d.name, value: d.value, x, y, r: Math.max(3, MAX_RADIUS * Math.sqrt(max > 0 ? d.value / max : 0)) };
      })
      .sort((a, b) => b.r - a.r);
  }, [geo, data]);
  if (!features || !geo) return <Skeleton variant="rectangular" height={360} />;
  const max = Math.max(0, ...data.map((d) => d.value));
  return (
    <Box ref={box} sx={{ position: 'relative' }} onMouseLeave={() => setHover(null)}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={valueTitle} style={{ display: 'block', maxHeight: 460 }}>
        {features.map((f, i) =>
          CHINA_SHAPE_IDS.has(String(f.id)) ? null : (
            <path key={`n-${String(f.id)}-${i}`} d={geo.path(f) ?? undefined} fill="#f5f5f5" stroke="#e0e0e0" strokeWidth={0.5} />
          ),
        )}
        {geo.china.map((f) => (
          <path key={`cn-${String(f.id)}`} d={geo.path(f) ?? undefined} fill={MAP_EMPTY} stroke="#90a4ae" strokeWidth={0.8} />
        ))}
        {bubbles.map((b) => (
          <circle
            key={b.name}
            cx={b.x}
            cy={b.y}
            r={b.r}
            fill="rgba(25, 118, 210, 0.55)"
            stroke="#0d47a1"
            strokeWidth={1}
            data-province={b.name}
            onMouseMove={(e) => setHover({ ...relativePoint(e, box.current), title: nameOf(b.name), value: b.value })}
            onMouseLeave={() => setHover(null)}
          />
        ))}
        <BubbleLegend max={max} kind={kind} valueTitle={valueTitle} />
      </svg>
      {hover && <MapTooltip hover={hover} kind={kind} valueTitle={valueTitle} noDataText={noDataText} />}
    </Box>
  );
}

/** Bubble sizes in map units (so they scale with the map): the largest value and a quarter of it. */
function BubbleLegend({ max, kind, valueTitle }: { max: number; kind: ValueKind; valueTitle: string }) {
  if (max <= 0) return null;
  const steps = [max, kind === 'count' ? Math.round(max / 4) : max / 4].map((v) => ({ v, r: MAX_RADIUS * Math.sqrt(v / max) }));
  const x = 24;
  let y = H - 24 - MAX_RADIUS * 2 - 28;
  return (
    <g fontSize={15} fill="#546e7a" aria-hidden>
      <text x={x} y={y}>
        {valueTitle}
      </text>
      {steps.map(({ v, r }) => {
        y += MAX_RADIUS + 8;
        const cy = y;
        y += MAX_RADIUS - 8;
        return (
          <g key={v}>
            <circle cx={x + MAX_RADIUS} cy={cy} r={r} fill="rgba(25, 118, 210, 0.55)" stroke="#0d47a1" />
            <text x={x + MAX_RADIUS * 2 + 10} y={cy + 5}>
              {formatValue(kind, v)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

export default ChinaMap;
