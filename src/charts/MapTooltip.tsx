import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { formatValue, type ValueKind } from '../lib/units';
import { rampColor } from './palette';

export interface HoverState {
  x: number;
  y: number;
  title: string;
  value: number | null;
}

/** What the maps take: their places' values, how to show them, and their places' names. */
export interface MapProps<V> {
  data: V[];
  kind: ValueKind;
  valueTitle: string;
  /** a place's name in the user's language, from the name or code its value has */
  nameOf: (name: string) => string;
  noDataText: string;
}

/** A card floating beside the mouse over a map: a title and a line of details under it. */
export function FloatingCard({
  x,
  y,
  title,
  maxWidth,
  children,
}: {
  x: number;
  y: number;
  title: ReactNode;
  /** how wide it may grow, its lines wrapped; without it, its lines never wrap */
  maxWidth?: number;
  children: ReactNode;
}) {
  const width = maxWidth === undefined ? { whiteSpace: 'nowrap' } : { maxWidth };
  return (
    <Paper
      elevation={3}
      sx={{ position: 'absolute', left: x + 14, top: y + 14, px: 1.5, py: 1, pointerEvents: 'none', zIndex: 2, ...width }}
    >
      <Typography variant="subtitle2">{title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {children}
      </Typography>
    </Paper>
  );
}

/** Floating tooltip of the maps: place name and full value (or the no-data text). */
export function MapTooltip({
  hover,
  kind,
  valueTitle,
  noDataText,
}: {
  hover: HoverState;
  kind: ValueKind;
  valueTitle: string;
  noDataText: string;
}) {
  return (
    <FloatingCard x={hover.x} y={hover.y} title={hover.title}>
      {valueTitle}: {hover.value === null ? noDataText : formatValue(kind, hover.value)}
    </FloatingCard>
  );
}

/** Colour ramp legend from 0 to the largest value. */
export function MapLegend({ max, kind, valueTitle }: { max: number; kind: ValueKind; valueTitle: string }) {
  const stops = [0, 0.25, 0.5, 0.75, 1].map((t) => `${rampColor(t)} ${t * 100}%`).join(', ');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: 12, color: 'text.secondary' }}>
      <span>{valueTitle}</span>
      <span>{formatValue(kind, 0)}</span>
      <Box sx={{ width: 160, height: 10, borderRadius: 1, background: `linear-gradient(to right, ${stops})` }} />
      <span>{formatValue(kind, max)}</span>
    </Box>
  );
}

/** Mouse position relative to the map's container. */
export function relativePoint(e: React.MouseEvent, container: HTMLElement | null): { x: number; y: number } {
  const box = container?.getBoundingClientRect();
  return { x: e.clientX - (box?.left ?? 0), y: e.clientY - (box?.top ?? 0) };
}
