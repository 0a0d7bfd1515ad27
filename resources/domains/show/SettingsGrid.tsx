import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface SettingRow {
  /** i18n key of the label. */
  label: string;
  value: ReactNode;
  testId?: string;
}

/** Label / value pairs in two columns; long values wrap instead of being cut. */
export function SettingsGrid({ rows, title }: { rows: SettingRow[]; title?: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 2, width: '100%', maxWidth: 1100 }}>
      {title && (
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1, borderBottom: 1, borderColor: 'divider', pb: 0.5 }}>
          {translate(title)}
        </Typography>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(160px, 240px) 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}
      >
        {rows.map((r) => (
          <Box key={r.label} sx={{ display: 'contents' }} data-testid={r.testId}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(r.label)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
              {r.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** Several lines of one value. */
export function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((l, i) => (
        <Box component="span" key={i} sx={{ display: 'block' }}>
          {l}
        </Box>
      ))}
    </>
  );
}
