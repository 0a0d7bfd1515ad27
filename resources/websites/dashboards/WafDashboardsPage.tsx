import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Grid, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import type { StatisticData, Website } from '../../../common/wire/websites';
import { BarRanking, PieShare, TimeSeriesChart } from '../../../src/charts';
import { countryName } from '../../../src/charts/countryCodes';
import { seriesColor } from '../../../src/charts/palette';
import { formatBandwidth, formatBytes, formatCount, formatPercent, percentOf } from '../../../src/lib/units';
import type { Granularity } from '../../../src/lib/time';
import { PageHeading } from '../../../src/kit/PageHeading';
import { QueryView } from '../../../src/kit/QueryView';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';

/**
 * WAF dashboards: bandwidth, traffic and requests of one website or all the caller's websites
 * (POST statistic/data), read on the server from the CDN access logs of the websites' domains; and
 * their security events: events over time, top attack categories, attacking IPs and countries, and
 * the actions taken.
 */

type Range = '24h' | '7d';
const RANGE_SECONDS: Record<Range, number> = { '24h': 86_400, '7d': 7 * 86_400 };
const GRANULARITY: Record<number, Granularity> = { 300: '5m', 3600: '1h', 86400: '1d' };

export function WafDashboardsPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [websiteId, setWebsiteId] = useState<number | ''>('');
  const [range, setRange] = useState<Range>('24h');
  const t = (k: string) => translate(`pages.dcdn/dashboards.${k}`);

  const websiteList = usePortalQuery(['wafWebsites'], (dp) =>
    dp
      .getList<Website>('dcdn/website', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'DESC' }, filter: {} })
      .then((r) => r.data),
  );
  const websites = websiteList.data ?? [];
  // the range ends when it is asked for (a new choice asks again)
  const statistic = usePortalQuery(['wafStatistic', websiteId, range], async (dp) => {
    const end = Math.floor(Date.now() / 1000);
    const start = end - RANGE_SECONDS[range];
    const data = await dp.wafStatistic({ websiteId: websiteId === '' ? undefined : websiteId, startTime: start, endTime: end });
    return { data, span: { start, end } };
  });
  const data: StatisticData | null = statistic.data?.data ?? null;
  const span = statistic.data?.span ?? null;

  const totals = useMemo(
    () => ({
      flow: (data?.byteList ?? []).reduce((s, p) => s + p.flow, 0),
      requests: (data?.countList ?? []).reduce((s, p) => s + p.count, 0),
      peak: Math.max(0, ...(data?.byteList ?? []).map((p) => p.bandwidth)),
    }),
    [data],
  );
  const granularity = GRANULARITY[data?.interval ?? 300] ?? '5m';
  // Events per bucket over the whole range (buckets without events are 0).
  const eventPoints = useMemo(() => {
    if (!data || !span) return [];
    const step = data.interval * 1000;
    const byTime = new Map(data.eventCountList.map((p) => [p.time, p.count]));
    const points: Array<{ time: number; events: number }> = [];
    for (let t = Math.floor((span.start * 1000) / step) * step; t < span.end * 1000; t += step)
      points.push({ time: t, events: byTime.get(t) ?? 0 });
    return points;
  }, [data, span]);
  const blocked = (data?.actions ?? []).filter((a) => a.action !== 'alert').reduce((s, a) => s + a.count, 0);
  const noEvents = (
    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="waf-events-empty">
      {t('noEvents')}
    </Typography>
  );
  const eventCard = (key: string, title: string, body: ReactNode, empty: boolean) => (
    <Grid key={key} size={{ xs: 12, md: 6 }}>
      <Card sx={{ height: '100%' }} data-testid={`waf-chart-${key}`}>
        <CardContent>
          <Typography variant="h6">{title}</Typography>
          {empty ? noEvents : body}
        </CardContent>
      </Card>
    </Grid>
  );

  return (
    <Box sx={{ p: 2 }} data-testid="waf-dashboards">
      <Title title={translate('pages.dcdn/dashboards.title')} />
      <PageHeading>{translate('pages.dcdn/dashboards.title')}</PageHeading>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('website')}
          value={websiteId}
          onChange={(e) => setWebsiteId(e.target.value === '' ? '' : Number(e.target.value))}
          sx={{ minWidth: 280 }}
          SelectProps={{ displayEmpty: true }}
          InputLabelProps={{ shrink: true }}
        >
          <MenuItem value="">{t('allWebsites')}</MenuItem>
          {websites.map((w) => (
            <MenuItem key={w.id} value={w.id}>
              {w.domain}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('range')} value={range} onChange={(e) => setRange(e.target.value as Range)}>
          <MenuItem value="24h">{t('last24h')}</MenuItem>
          <MenuItem value="7d">{t('last7d')}</MenuItem>
        </TextField>
      </Stack>
      <QueryView state={statistic} isEmpty={() => false} height={360} testId="waf">
        {() => (
          <>
            <Grid container spacing={2} sx={{ mb: 2 }}>
              {[
                [t('totalFlow'), formatBytes(totals.flow)],
                [t('totalRequests'), formatCount(totals.requests)],
                [t('peakBandwidth'), formatBandwidth(totals.peak)],
                [t('totalEvents'), formatCount(data?.totalEvents ?? 0)],
                [t('blockedShare'), formatPercent(percentOf(blocked, data?.totalEvents ?? 0))],
              ].map(([label, value]) => (
                <Grid key={label} size={{ xs: 12, sm: 6, md: 2.4 }}>
                  <Card>
                    <CardContent>
                      <Typography color="text.secondary">{label}</Typography>
                      <Typography variant="h5" data-testid="waf-total">
                        {value}
                      </Typography>
                    </CardContent>
                  </Card>
                </Grid>
              ))}
            </Grid>
            {data && !data.byteList.length && <Alert severity="info">{t('empty')}</Alert>}
            <Card sx={{ mb: 2 }}>
              <CardContent>
                <Typography variant="h6">{t('bandwidth')}</Typography>
                <TimeSeriesChart
                  data={(data?.byteList ?? []).map((p) => ({ time: p.time, bandwidth: p.bandwidth }))}
                  series={[{ key: 'bandwidth', name: t('bandwidth'), area: true }]}
                  leftKind="bandwidth"
                  leftTitle={t('bandwidth')}
                  granularity={granularity}
                  locale={locale}
                />
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Typography variant="h6">{t('requests')}</Typography>
                <TimeSeriesChart
                  data={(data?.countList ?? []).map((p) => ({ time: p.time, count: p.count }))}
                  series={[{ key: 'count', name: t('requests') }]}
                  leftKind="count"
                  leftTitle={t('requests')}
                  granularity={granularity}
                  locale={locale}
                />
                <Typography variant="caption" color="text.secondary">
                  {t('source')}
                </Typography>
              </CardContent>
            </Card>
            <Card sx={{ mt: 2 }} data-testid="waf-chart-events">
              <CardContent>
                <Typography variant="h6">{t('events')}</Typography>
                {data && !data.totalEvents ? (
                  noEvents
                ) : (
                  <TimeSeriesChart
                    data={eventPoints}
                    series={[{ key: 'events', name: t('events'), area: true }]}
                    leftKind="count"
                    leftTitle={t('events')}
                    granularity={granularity}
                    locale={locale}
                  />
                )}
                <Typography variant="caption" color="text.secondary">
                  {t('eventsSource')}
                </Typography>
              </CardContent>
            </Card>
            <Grid container spacing={2} sx={{ mt: 0 }}>
              {eventCard(
                'categories',
                t('topCategories'),
                <BarRanking
                  data={(data?.topCategories ?? []).map((c) => ({
                    name: translate(`pages.dcdn/dashboards.category.${c.category}`),
                    value: c.count,
                  }))}
                  kind="count"
                  valueTitle={t('events')}
                  labelWidth={180}
                />,
                !!data && !data.topCategories.length,
              )}
              {eventCard(
                'actions',
                t('actions'),
                <PieShare
                  data={(data?.actions ?? []).map((a) => ({
                    name: translate(`resources.dcdn/website.test.action.${a.action}`),
                    value: a.count,
                  }))}
                  kind="count"
                  otherLabel={t('other')}
                  height={260}
                />,
                !!data && !data.actions.length,
              )}
              {eventCard(
                'ips',
                t('topIps'),
                <BarRanking
                  data={(data?.topIps ?? []).map((r) => ({
                    name: r.country ? `${r.ip} (${countryName(r.country, locale)})` : r.ip,
                    value: r.count,
                  }))}
                  kind="count"
                  valueTitle={t('events')}
                  labelWidth={220}
                  color={seriesColor(3)}
                />,
                !!data && !data.topIps.length,
              )}
              {eventCard(
                'countries',
                t('topCountries'),
                <BarRanking
                  data={(data?.topCountries ?? []).map((r) => ({
                    name: r.country ? countryName(r.country, locale) : t('unknownCountry'),
                    value: r.count,
                  }))}
                  kind="count"
                  valueTitle={t('events')}
                  labelWidth={160}
                  color={seriesColor(1)}
                />,
                !!data && !data.topCountries.length,
              )}
            </Grid>
          </>
        )}
      </QueryView>
    </Box>
  );
}
