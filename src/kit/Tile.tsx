import type { ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';

/** A headline figure of the overview: label, value, and lines under it (change, time of a peak). */
export function Tile({ label, value, children, testId }: { label: string; value: string; children?: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 180px', minWidth: 180 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        sx={{ my: 0.5, fontWeight: 500, whiteSpace: 'nowrap' }}
        data-testid={testId ? `${testId}-value` : undefined}
      >
        {value}
      </Typography>
      {children}
    </Paper>
  );
}
