import { useMemo, useRef, useState } from 'react';
import { Box, Skeleton } from '@mui/material';
import { geoNaturalEarth1, geoPath } from 'd3-geo';
import { NUMERIC_TO_ISO2 } from './countryCodes';
import { useCountries } from './worldAtlas';
import { MAP_BORDER, MAP_EMPTY, rampColor } from './palette';
import { MapLegend, MapTooltip, relativePoint, type HoverState, type MapProps } from './MapTooltip';

export interface CountryValue {
  /** ISO-2 country code */
  code: string;
  value: number;
}

/** `nameOf`: a country's name in the user's language from its ISO-2 code. */
export type WorldMapProps = MapProps<CountryValue>;

const W = 960;
const H = 470;

/** World choropleth: each country coloured by its value (square-root ramp), tooltip on hover. */
export function WorldMap({ data, kind, valueTitle, nameOf, noDataText }: WorldMapProps) {
  const features = useCountries();
  const [hover, setHover] = useState<HoverState | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const values = useMemo(() => new Map(data.map((d) => [d.code.toUpperCase(), d.value])), [data]);
  const max = Math.max(0, ...data.map((d) => d.value));
  const path = useMemo(() => {
    if (!features) return null;
    const projection = geoNaturalEarth1().fitSize([W, H], { type: 'FeatureCollection', features });
    return geoPath(projection);
  }, [features]);
  if (!features || !path) return <Skeleton variant="rectangular" height={360} />;
  return (
    <Box ref={box} sx={{ position: 'relative' }} onMouseLeave={() => setHover(null)}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={valueTitle} style={{ display: 'block', maxHeight: 460 }}>
        {features.map((f, i) => {
          const code = NUMERIC_TO_ISO2[String(f.id)] ?? '';
          const value = values.get(code);
          const title = code ? nameOf(code) : f.properties.name;
          return (
            <path
              key={`${String(f.id)}-${i}`}
              d={path(f) ?? undefined}
              fill={value === undefined ? MAP_EMPTY : rampColor(max > 0 ? value / max : 0)}
              stroke={MAP_BORDER}
              strokeWidth={0.5}
              data-country={code}
              onMouseMove={(e) => setHover({ ...relativePoint(e, box.current), title, value: value ?? null })}
            />
          );
        })}
      </svg>
      {hover && <MapTooltip hover={hover} kind={kind} valueTitle={valueTitle} noDataText={noDataText} />}
      <MapLegend max={max} kind={kind} valueTitle={valueTitle} />
    </Box>
  );
}

export default WorldMap;
