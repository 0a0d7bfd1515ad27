import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Skeleton } from '@mui/material';
import { geoMercator, geoNaturalEarth1, geoPath, type GeoProjection } from 'd3-geo';
import { CHINA_SHAPE_IDS } from '../../../src/charts/chinaProvinces';
import { useCountries, type CountryFeature } from '../../../src/charts/worldAtlas';
import { FloatingCard, relativePoint } from '../../../src/charts/MapTooltip';
import { placeLabels } from './labelPlacement';

/** A line as the map places it. */
export interface MapLine {
  code: string;
  name: string;
  address: string;
  lng: number;
  lat: number;
}

export type MapRegion = 'world' | 'china';

const SIZE: Record<MapRegion, { width: number; height: number }> = {
  world: { width: 960, height: 470 },
  china: { width: 800, height: 600 },
};
const SELECTED = '#ef6c00';
const MARKER = '#1976d2';

function projectionFor(region: MapRegion, features: CountryFeature[]): GeoProjection {
  const { width, height } = SIZE[region];
  if (region === 'world') return geoNaturalEarth1().fitSize([width, height], { type: 'FeatureCollection', features });
  const china = features.filter((f) => CHINA_SHAPE_IDS.has(String(f.id)));
  return geoMercator().fitExtent(
    [
      [24, 24],
      [width - 24, height - 24],
    ],
    { type: 'FeatureCollection', features: china },
  );
}

/**
 * The lines on a world map or a map of China: one marker per line at its coordinates, labelled where
 * there is room (never overlapping), with the line's name and address on hover. A click (or Enter)
 * chooses a line; the chosen one is drawn larger and orange.
 */
export function LinesMap({
  lines,
  region,
  selected,
  onSelect,
  title,
}: {
  lines: MapLine[];
  region: MapRegion;
  selected: string | null;
  onSelect: (code: string) => void;
  title: string;
}) {
  const features = useCountries();
  const [hover, setHover] = useState<{ line: MapLine; x: number; y: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // Map units per screen pixel: labels and markers keep their on-screen size however wide the map is drawn.
  const [unit, setUnit] = useState(1);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => el.clientWidth > 0 && setUnit(Math.max(1, SIZE[region].width / el.clientWidth)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [region, features]);
  const geo = useMemo(() => {
    if (!features) return null;
    const projection = projectionFor(region, features);
    return { projection, path: geoPath(projection) };
  }, [features, region]);
  const points = useMemo(() => {
    if (!geo) return [];
    return lines
      .map((l) => ({ line: l, xy: geo.projection([l.lng, l.lat]) }))
      .filter((p): p is { line: MapLine; xy: [number, number] } => Boolean(p.xy))
      .map((p) => ({ line: p.line, x: p.xy[0], y: p.xy[1] }));
  }, [geo, lines]);
  const labels = useMemo(
    () =>
      placeLabels(
        // The chosen line gets its label first.
        [...points]
          .sort((a, b) => Number(b.line.code === selected) - Number(a.line.code === selected))
          .map((p) => ({ key: p.line.code, x: p.x, y: p.y, text: p.line.name })),
        SIZE[region],
        13 * unit,
        9 * unit,
      ),
    [points, region, selected, unit],
  );
  if (!features || !geo) return <Skeleton variant="rectangular" height={360} />;
  const { width, height } = SIZE[region];
  const inChina = (f: CountryFeature) => CHINA_SHAPE_IDS.has(String(f.id));
  return (
    <Box ref={box} sx={{ position: 'relative' }} onMouseLeave={() => setHover(null)} data-testid={`lines-map-${region}`}>
      {/* a group, not an img: an img's children are presentational, and the line markers are buttons (axe-core nested-interactive) */}
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="group" aria-label={title} style={{ display: 'block', maxHeight: 480 }}>
        {features.map((f, i) => (
          <path
            key={`${String(f.id)}-${i}`}
            d={geo.path(f) ?? undefined}
            fill={region === 'china' && !inChina(f) ? '#f5f5f5' : '#e3eaf0'}
            stroke={region === 'china' && inChina(f) ? '#90a4ae' : '#ffffff'}
            strokeWidth={region === 'china' && inChina(f) ? 0.8 : 0.5}
          />
        ))}
        {points.map(({ line, x, y }) => {
          const chosen = line.code === selected;
          return (
            <circle
              key={line.code}
              cx={x}
              cy={y}
              r={(chosen ? 7 : 5) * unit}
              fill={chosen ? SELECTED : MARKER}
              stroke="#ffffff"
              strokeWidth={1.5 * unit}
              style={{ cursor: 'pointer' }}
              role="button"
              tabIndex={0}
              aria-label={`${line.name} (${line.code})`}
              aria-pressed={chosen}
              data-testid={`${region}-line-${line.code}`}
              onClick={() => onSelect(line.code)}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onSelect(line.code)}
              onMouseMove={(e) => setHover({ line, ...relativePoint(e, box.current) })}
            />
          );
        })}
        {labels.map((l) => (
          <text
            key={l.key}
            x={l.x}
            y={l.y}
            textAnchor={l.anchor}
            dominantBaseline="central"
            fontSize={13 * unit}
            fontWeight={l.key === selected ? 600 : 400}
            fill="#263238"
            stroke="#ffffff"
            strokeWidth={3 * unit}
            paintOrder="stroke"
            style={{ pointerEvents: 'none' }}
          >
            {l.text}
          </text>
        ))}
      </svg>
      {hover && (
        <FloatingCard
          x={hover.x}
          y={hover.y}
          title={
            <>
              {hover.line.name} ({hover.line.code})
            </>
          }
          maxWidth={320}
        >
          {hover.line.address}
        </FloatingCard>
      )}
    </Box>
  );
}

export default LinesMap;
