import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SimpleKind } from '../../../common/wire/traffic/index';
import type { LogTab } from '../../../common/rules/shell/permissions';
import { formatCount } from '../../../src/lib/units';
import { Figure, QueryView, Section } from './TabParts';
import { useAnalysisQuery, type TabProps } from './useAnalysisQuery';

/** The simple GET of each tab (same log-analysis right as the tab: contract rows /api/es/{kind}/get). */
const SIMPLE_KIND: Record<LogTab, SimpleKind> = {
  top: 'urltop',
  hit: 'hitrate',
  client: 'clientside',
  source: 'source',
  status: 'statuscode',
  ip: 'independentip',
  distribution: 'userdistribution',
};

const NEEDS_DOMAINS: LogTab[] = ['top', 'ip', 'distribution'];

/**
 * Requests per interval of the search (total, average, latest, peak, lowest bucket), from the
 * tab's simple GET. The simple calls take domains, accounts and providers only (spec §7), so with
 * an area filter the strip says that it covers every area.
 */
export function RequestStats({ tab, ...props }: TabProps & { tab: LogTab }) {
  const translate = useTranslate();
  const kind = SIMPLE_KIND[tab];
  const { applied } = props;
  // The simple GETs of URL top, IPs and distribution list the same values as their tabs: offline
  // they too wait for a domain (spec §5), and the tab alone says so.
  const state = useAnalysisQuery(`simple-${kind}`, props, (dp) => dp.analysisSimple(kind, applied.search), {
    needsDomains: NEEDS_DOMAINS.includes(tab),
  });
  if (state.blocked) return null;
  const s = applied.search;
  const areaFiltered = [s.continent, s.country, s.province, s.isp].some((l) => (l?.length ?? 0) > 0);
  return (
    <Section title={translate(`pages.cdn/analysisOff.stats.title.${applied.interval}`)} testId={`request-stats-${tab}`}>
      <QueryView state={state} isEmpty={() => false} height={56}>
        {(d) => (
          <>
            <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Figure label={translate('pages.cdn/analysisOff.stats.total')} value={formatCount(d.total)} testId="stats-total" />
              <Figure label={translate('pages.cdn/analysisOff.stats.avg')} value={formatCount(Math.round(d.avg))} testId="stats-avg" />
              <Figure label={translate('pages.cdn/analysisOff.stats.current')} value={formatCount(d.current)} testId="stats-current" />
              <Figure label={translate('pages.cdn/analysisOff.stats.max')} value={formatCount(d.max)} testId="stats-max" />
              <Figure label={translate('pages.cdn/analysisOff.stats.min')} value={formatCount(d.min)} testId="stats-min" />
            </Stack>
            {areaFiltered && (
              <Typography variant="caption" color="text.secondary">
                {translate('pages.cdn/analysisOff.stats.allAreas')}
              </Typography>
            )}
          </>
        )}
      </QueryView>
    </Section>
  );
}
