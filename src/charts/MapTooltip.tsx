import { Box, Paper, Typography } from '@mui/material';
import { formatValue, type ValueKind } from '../lib/units';
import { rampColor } from './palette';

export interface HoverState {
  x: number;
  y: number;
  title: string;
  value: number | null;
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
    <Paper
      elevation={3}
      sx={{
        position: 'absolute',
        left: hover.x + 14,
        top: hover.y + 14,
        px: 1.5,
        py: 1,
        pointerEvents: 'none',
        zIndex: 2,
        whiteSpace: 'nowrap',
      }}
    >
      <Typography variant="subtitle2">{hover.title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {valueTitle}: {hover.value === null ? noDataText : formatValue(kind, hover.value)}
      </Typography>
    </Paper>
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
