import { Box, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Overview, Sequential } from '../../../common/wire/traffic/index';
import { day, floorToStep, STEP_MS } from '../../../src/lib/time';
import { formatBandwidth, formatBytes, formatCount, formatPercent } from '../../../src/lib/units';
import { ChangeNote } from '../shared/ChangeNote';
import { Tile } from '../../../src/kit/Tile';

/** The 5-minute bucket "current bandwidth" measures: the latest complete one before the range's end or now. */
function currentBucket(rangeEnd: Date, locale: string): { start: string; end: string } {
  const end = floorToStep(new Date(Math.min(rangeEnd.getTime() + 1000, Date.now())));
  return { start: day(end.getTime() - STEP_MS, locale).format('HH:mm'), end: day(end, locale).format('HH:mm') };
}

/**
 * The headline figures of the range with their change against the period of the same length just
 * before it (sequential; the change is omitted while that call is loading or failed).
 */
export function OverviewTiles({ data, sequential, rangeEnd }: { data: Overview; sequential: Sequential | undefined; rangeEnd: Date }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const prev = sequential?.previous;
  const change = (key: keyof Sequential['change'], previous: string, testId: string) =>
    sequential ? <ChangeNote change={sequential.change[key]} previous={previous} testId={testId} /> : null;
  // Rates change in percentage points (92.25% against 91.69% is +0.56 points), not relative percent.
  const hitPoints = sequential && sequential.previous.request > 0 ? sequential.current.hitPercent - sequential.previous.hitPercent : null;
  // The server's ranges end one second after the inclusive end; whole minutes read better.
  const when = (seconds: number) => day(Math.round(seconds / 60) * 60_000, locale).format('MM-DD HH:mm');
  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Tile
          label={translate('pages.cdn/newoverview.tiles.currentBandwidth')}
          value={formatBandwidth(data.currentBandwidth)}
          testId="tile-current"
        >
          <Typography variant="caption" color="text.secondary">
            {translate('pages.cdn/newoverview.tiles.currentNote', currentBucket(rangeEnd, locale))}
          </Typography>
        </Tile>
        <Tile label={translate('pages.cdn/newoverview.tiles.peakBandwidth')} value={formatBandwidth(data.peakBandwidth)} testId="tile-peak">
          {change('peakBandwidth', formatBandwidth(prev?.peakBandwidth), 'change-peak')}
          {data.peakTime !== null && (
            <Typography variant="caption" component="p" color="text.secondary">
              {translate('pages.cdn/newoverview.tiles.peakAt', { time: when(data.peakTime) })}
            </Typography>
          )}
        </Tile>
        <Tile label={translate('pages.cdn/newoverview.tiles.flow')} value={formatBytes(data.flow)} testId="tile-flow">
          {change('flow', formatBytes(prev?.flow), 'change-flow')}
        </Tile>
        <Tile label={translate('pages.cdn/newoverview.tiles.request')} value={formatCount(data.request)} testId="tile-request">
          {change('request', formatCount(prev?.request), 'change-request')}
        </Tile>
        <Tile label={translate('pages.cdn/newoverview.tiles.hitPercent')} value={formatPercent(data.hitPercent)} testId="tile-hit">
          {sequential && <ChangeNote change={hitPoints} points previous={formatPercent(prev?.hitPercent)} testId="change-hit" />}
          <Typography variant="caption" component="p" color="text.secondary">
            {translate('pages.cdn/newoverview.tiles.byteHitPercent', { value: formatPercent(data.byteHitPercent) })}
          </Typography>
        </Tile>
        <Tile label={translate('pages.cdn/newoverview.tiles.domains')} value={formatCount(data.domainCount)} testId="tile-domains">
          <Typography variant="caption" color="text.secondary">
            {translate('pages.cdn/newoverview.tiles.domainsNote')}
          </Typography>
        </Tile>
      </Stack>
      {sequential && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="sequential-range">
          {translate('pages.cdn/newoverview.comparedWith', {
            start: when(sequential.previous.startTime),
            end: when(sequential.previous.endTime),
          })}
        </Typography>
      )}
    </Box>
  );
}
