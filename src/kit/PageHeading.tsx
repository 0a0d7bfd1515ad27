import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A screen's visible title. react-admin sends a List/Edit/Create `title` to the app bar, which the
 * portal's bar does not show (it carries the areas), so each screen shows its title itself.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 1 }}>
      {children}
    </Typography>
  );
}
