import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';

/** Title, one-line explanation and the screen's actions on the right. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ mb: 2, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}
    >
      <Box>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
