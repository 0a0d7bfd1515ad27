import { Box } from '@mui/material';
import ArrowDropUpIcon from '@mui/icons-material/ArrowDropUp';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useTranslate } from 'react-admin';
import { formatPercent } from '../../../lib/units';

/**
 * Period-over-period change (/api/sequential): "▲ 12.30% vs previous period (1.20 GB)", or "no data in the
 * previous period" when there is nothing to compare with (change null).
 */
export function ChangeNote({ change, previous, testId }: { change: number | null | undefined; previous: string; testId?: string }) {
  const translate = useTranslate();
  if (change === null || change === undefined)
    return (
      <Box component="span" sx={{ color: 'text.secondary', fontSize: 12 }} data-testid={testId}>
        {translate('trafficPages.change.noPrevious')}
      </Box>
    );
  const up = change > 0;
  const flat = change === 0;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', color: flat ? 'text.secondary' : up ? 'success.dark' : 'error.main', fontSize: 12 }}
      data-testid={testId}
    >
      {!flat && (up ? <ArrowDropUpIcon fontSize="small" /> : <ArrowDropDownIcon fontSize="small" />)}
      {translate('trafficPages.change.versus', { value: formatPercent(Math.abs(change)), previous })}
    </Box>
  );
}
