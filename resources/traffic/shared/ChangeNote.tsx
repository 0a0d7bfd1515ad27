import { Box, Typography } from '@mui/material';
import ArrowDropUpIcon from '@mui/icons-material/ArrowDropUp';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useTranslate } from 'react-admin';
import { formatPercent, roundTo } from '../../../src/lib/units';

/**
 * Period-over-period change (/api/sequential) on one line ("▲ 12.30% vs previous period", or in
 * percentage points for rates), and the previous value under it. Without a previous value: "no data
 * in the previous period".
 */
export function ChangeNote({
  change,
  previous,
  points = false,
  testId,
}: {
  change: number | null | undefined;
  previous: string;
  points?: boolean;
  testId?: string;
}) {
  const translate = useTranslate();
  if (change === null || change === undefined)
    return (
      <Typography variant="caption" component="p" color="text.secondary" data-testid={testId}>
        {translate('portal.traffic.change.noPrevious')}
      </Typography>
    );
  const value = roundTo(change, 2);
  const up = value > 0;
  const amount = points ? translate('portal.traffic.change.points', { value: Math.abs(value).toFixed(2) }) : formatPercent(Math.abs(value));
  return (
    <Box data-testid={testId}>
      <Box
        component="span"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          color: value === 0 ? 'text.secondary' : up ? 'success.dark' : 'error.main',
          fontSize: 12,
          whiteSpace: 'nowrap',
        }}
      >
        {value !== 0 &&
          (up ? <ArrowDropUpIcon fontSize="small" sx={{ ml: -0.5 }} /> : <ArrowDropDownIcon fontSize="small" sx={{ ml: -0.5 }} />)}
        {translate('portal.traffic.change.versus', { value: amount })}
      </Box>
      <Typography variant="caption" component="p" color="text.secondary">
        {translate('portal.traffic.change.previous', { value: previous })}
      </Typography>
    </Box>
  );
}
