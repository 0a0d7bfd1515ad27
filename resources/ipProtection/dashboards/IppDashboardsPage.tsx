import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  Stack,
  TablePagination,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { Area, CartesianGrid, ComposedChart, Legend, ReferenceArea, ResponsiveContainer, Tooltip, YAxis } from 'recharts';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import type { IppAlarm, IppStatListRow } from '../../../common/wire/ipProtection';
import { readUserInfo } from '../../../src/auth/storage';
import { ColumnsTable } from '../../../src/kit/ColumnsTable';
import { QueryView } from '../../../src/kit/QueryView';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';
import { PieShare } from '../../../src/charts/PieShare';
import { formatAxisTick, formatBandwidth, formatBytes, formatCompact } from '../../../src/lib/units';
import { formatTooltipTime } from '../../../src/lib/time';
import { timeAxis } from '../../../src/charts/TimeSeriesChart';
import {
  IPP_ALARM_STATES,
  IPP_ALARM_TYPES,
  IPP_OTHER_REGION,
  type IppAlarmState,
  type IppAlarmType,
  type IppGranularity,
} from '../../../common/rules/ipProtection';
import { formatDuration, formatIppTime, IppStatusChip } from '../ippUi';

const RANGES = { '1h': 3600, '24h': 86_400, '7d': 7 * 86_400, '30d': 30 * 86_400 } as const;
type RangeKey = keyof typeof RANGES;
const DEFAULT_GRANULARITY: Record<RangeKey, IppGranularity> = { '1h': '5m', '24h': '5m', '7d': '1h', '30d': '1d' };
const ALL = 'all';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 180 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

function AlarmDialog({ alarm, onClose }: { alarm: IppAlarm | null; onClose: () => void }) {
  const t = useTranslate();
  if (!alarm) return null;
  const rows: Array<[string, string]> = [
    [t('resources.ipP/ipset.alarms.ip'), alarm.originIp],
    [t('resources.ipP/ipset.alarms.state'), t(`resources.ipP/ipset.alarms.states.${alarm.state}`)],
    [t('resources.ipP/ipset.alarms.start'), formatIppTime(alarm.startTime)],
    [t('resources.ipP/ipset.alarms.end'), formatIppTime(alarm.endTime)],
    [t('resources.ipP/ipset.alarms.duration'), formatDuration(alarm.durationSeconds)],
    [t('resources.ipP/ipset.alarms.peakBps'), formatBandwidth(alarm.peakBps)],
    [t('resources.ipP/ipset.alarms.peakPps'), t('resources.ipP/ipset.alarms.pps', { value: formatCompact(alarm.peakPps) })],
  ];
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>
        {t('resources.ipP/ipset.alarms.detailTitle', { type: t(`resources.ipP/ipset.alarms.types.${alarm.type}`), ip: alarm.originIp })}
      </DialogTitle>
      <DialogContent data-testid="ipp-alarm-detail">
        <ColumnsTable<[string, string]>
          headless
          rows={rows}
          rowKey={([k]) => k}
          columns={[
            { label: '', sx: { color: 'text.secondary' }, render: ([k]) => k },
            { label: '', render: ([, v]) => v },
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('resources.ipP/ipset.alarms.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** IP protection dashboards: bandwidth curves with the detected attacks marked, region shares, per-entry totals, alarm history. */
export function IppDashboardsPage() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const [ip, setIp] = useState<string>(ALL);
  const [rangeKey, setRangeKey] = useState<RangeKey>('7d');
  const [granularity, setGranularity] = useState<IppGranularity>(DEFAULT_GRANULARITY['7d']);
  const [alarmType, setAlarmType] = useState<IppAlarmType | ''>('');
  const [alarmState, setAlarmState] = useState<IppAlarmState | ''>('');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<IppAlarm | null>(null);
  const [open, setOpen] = useState<IppAlarm | null>(null);
  // the range ends at the current minute when the choice is made (a new choice reloads)
  const [stamp, setStamp] = useState(() => Math.floor(Date.now() / 60_000) * 60);
  const endTime = stamp;
  const startTime = endTime - RANGES[rangeKey];
  const account = readUserInfo()?.account ?? '';

  const entries = usePortalQuery(['ippEntries'], (dp) => dp.ippEntries());
  const loaded = entries.data !== undefined;
  const noEntries = loaded && entries.data?.length === 0;
  const queryIp = noEntries ? '' : ip;
  const stat = usePortalQuery(
    ['ippStatistic', queryIp, startTime, endTime, granularity],
    (dp) => dp.ippStatistic({ ip: queryIp, startTime, endTime, granularity }),
    { enabled: loaded && !!queryIp },
  );
  const statList = usePortalQuery(['ippStatList', account, startTime, endTime], (dp) => dp.ippStatList(account, startTime, endTime), {
    enabled: loaded && !noEntries && !!account,
  });
  const alarmQuery = {
    ip: queryIp === ALL ? undefined : queryIp,
    type: alarmType || undefined,
    state: alarmState || undefined,
    startTime,
    endTime,
  };
  const alarms = usePortalQuery(['ippAlarms', alarmQuery, page], (dp) => dp.ippAlarms({ ...alarmQuery, pageNum: page + 1, pageSize: 10 }), {
    enabled: loaded && !noEntries,
  });
  // every alarm of the range (for the marks on the curve), whatever the table's page and filters
  const marks = usePortalQuery(
    ['ippAlarmMarks', queryIp, startTime, endTime],
    (dp) => dp.ippAlarms({ ip: queryIp === ALL ? undefined : queryIp, startTime, endTime, pageSize: 500 }),
    { enabled: loaded && !noEntries },
  );

  const points = stat.data?.points ?? [];
  const area = (byRegion: Record<string, number> | undefined) =>
    Object.entries(byRegion ?? {}).map(([name, value]) => ({
      name: name === IPP_OTHER_REGION ? t('pages.ipP/dashboards.other') : name,
      value,
    }));
  const chartStart = points[0]?.time ?? startTime * 1000;
  const chartEnd = points.length ? points[points.length - 1].time : endTime * 1000;
  const bands = useMemo(
    () =>
      (marks.data?.list ?? []).map((a) => ({
        a,
        x1: Math.max(a.startTime, chartStart),
        x2: Math.max(Math.min(a.endTime, chartEnd), Math.max(a.startTime, chartStart)),
      })),
    [marks.data, chartStart, chartEnd],
  );

  const changeRange = (k: RangeKey) => {
    setRangeKey(k);
    setGranularity(DEFAULT_GRANULARITY[k]);
    setStamp(Math.floor(Date.now() / 60_000) * 60);
    setPage(0);
  };

  return (
    <Box sx={{ pb: 4 }}>
      <Title title={t('pages.ipP/dashboards.title')} />
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 2 }}>
        {t('pages.ipP/dashboards.title')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
        <TextField
          select
          fullWidth={false}
          size="small"
          label={t('pages.ipP/dashboards.entry')}
          value={noEntries ? '' : ip}
          onChange={(e) => {
            setIp(e.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 240 }}
          data-testid="ipp-entry-select"
        >
          <MenuItem value={ALL}>{t('pages.ipP/dashboards.allEntries')}</MenuItem>
          {(entries.data ?? []).map((e) => (
            <MenuItem key={e.id} value={e.originIp}>{`${e.originIp} (${e.cnamePrefix})`}</MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup size="small" exclusive value={rangeKey} onChange={(_, v: RangeKey | null) => v && changeRange(v)}>
          {(Object.keys(RANGES) as RangeKey[]).map((k) => (
            <ToggleButton key={k} value={k} data-testid={`ipp-range-${k}`}>
              {t(`pages.ipP/dashboards.ranges.${k}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          select
          fullWidth={false}
          size="small"
          label={t('pages.ipP/dashboards.granularity')}
          value={granularity}
          onChange={(e) => setGranularity(e.target.value as IppGranularity)}
          sx={{ minWidth: 120 }}
        >
          {(['5m', '1h', '1d'] as IppGranularity[]).map((g) => (
            <MenuItem key={g} value={g} disabled={RANGES[rangeKey] / { '5m': 300, '1h': 3600, '1d': 86400 }[g] > 9000}>
              {t(`pages.ipP/dashboards.granularities.${g}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      <QueryView state={entries} isEmpty={() => false} height={120} testId="ipp-entries">
        {() =>
          noEntries ? (
            <Alert severity="warning" data-testid="ipp-ip-empty">
              {t('resources.ipP/ipset.errors.ipEmpty')}
            </Alert>
          ) : (
            <>
              <QueryView state={stat} isEmpty={() => false} height={300} testId="ipp-stat">
                {(st) => (
                  <>
                    <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
                      <Stat
                        label={t('pages.ipP/dashboards.peakIn')}
                        value={formatBandwidth(st.peakIngressBandwidth)}
                        testId="ipp-peak-in"
                      />
                      <Stat
                        label={t('pages.ipP/dashboards.peakOut')}
                        value={formatBandwidth(st.peakEgressBandwidth)}
                        testId="ipp-peak-out"
                      />
                      <Stat label={t('pages.ipP/dashboards.totalIn')} value={formatBytes(st.totalIngressFlow)} testId="ipp-total-in" />
                      <Stat label={t('pages.ipP/dashboards.totalOut')} value={formatBytes(st.totalEgressFlow)} testId="ipp-total-out" />
                    </Stack>

                    <Card variant="outlined" sx={{ mb: 2 }}>
                      <CardContent>
                        <Stack direction="row" justifyContent="space-between" alignItems="baseline">
                          <Typography variant="subtitle1">{t('pages.ipP/dashboards.bandwidth')}</Typography>
                          <Typography variant="caption" color="text.secondary">
                            {t('pages.ipP/dashboards.alarmsMarked')}
                          </Typography>
                        </Stack>
                        <Box data-testid="ipp-bandwidth-chart">
                          <ResponsiveContainer width="100%" height={300}>
                            <ComposedChart data={points} margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
                              <CartesianGrid strokeDasharray="3 3" vertical={false} />
                              {timeAxis(points, granularity, locale)}
                              <YAxis width={84} tickFormatter={(v: number) => formatAxisTick('bandwidth', v)} tick={{ fontSize: 12 }} />
                              <Tooltip
                                labelFormatter={(v) => formatTooltipTime(Number(v), granularity, locale)}
                                formatter={(v) => formatBandwidth(Number(v))}
                              />
                              <Legend />
                              {bands.map(({ a, x1, x2 }) => (
                                <ReferenceArea
                                  key={a.id}
                                  x1={x1}
                                  x2={x2 > x1 ? x2 : x1 + 60_000}
                                  fill={selected?.id === a.id ? '#c62828' : '#ef5350'}
                                  fillOpacity={selected?.id === a.id ? 0.35 : 0.15}
                                  stroke="#c62828"
                                  strokeOpacity={0.4}
                                  ifOverflow="extendDomain"
                                />
                              ))}
                              <Area
                                type="monotone"
                                dataKey="ingressBandwidth"
                                name={t('pages.ipP/dashboards.ingressBandwidth')}
                                stroke="#1976d2"
                                fill="#1976d2"
                                fillOpacity={0.2}
                                isAnimationActive={false}
                              />
                              <Area
                                type="monotone"
                                dataKey="egressBandwidth"
                                name={t('pages.ipP/dashboards.egressBandwidth')}
                                stroke="#ef6c00"
                                fill="#ef6c00"
                                fillOpacity={0.15}
                                isAnimationActive={false}
                              />
                            </ComposedChart>
                          </ResponsiveContainer>
                        </Box>
                      </CardContent>
                    </Card>

                    <Grid container spacing={2} sx={{ mb: 2 }}>
                      {(
                        [
                          ['in', 'areaIn', st.areaIngressFlow],
                          ['out', 'areaOut', st.areaEgressFlow],
                        ] as const
                      ).map(([dir, title, flows]) => (
                        <Grid key={dir} size={{ xs: 12, md: 6 }}>
                          <Card variant="outlined">
                            <CardContent data-testid={`ipp-area-${dir}`}>
                              <Typography variant="subtitle1">{t(`pages.ipP/dashboards.${title}`)}</Typography>
                              <PieShare
                                data={area(flows)}
                                kind="bytes"
                                maxSlices={9}
                                otherLabel={t('pages.ipP/dashboards.other')}
                                height={280}
                                legend="right"
                              />
                            </CardContent>
                          </Card>
                        </Grid>
                      ))}
                    </Grid>
                  </>
                )}
              </QueryView>

              <Card variant="outlined" sx={{ mb: 2 }}>
                <CardContent>
                  <Typography variant="subtitle1" sx={{ mb: 1 }}>
                    {t('pages.ipP/dashboards.perEntry')}
                  </Typography>
                  <QueryView state={statList} isEmpty={() => false} height={120} testId="ipp-stat-list">
                    {(list) => (
                      <ColumnsTable<IppStatListRow>
                        testId="ipp-stat-list"
                        rows={list}
                        rowKey={(r) => r.id}
                        onRowClick={(r) => {
                          setIp(r.originIp);
                          setPage(0);
                        }}
                        columns={[
                          { label: 'resources.ipP/ipset.fields.originIp', render: (r) => <code>{r.originIp}</code> },
                          { label: 'resources.ipP/ipset.fields.cname', render: (r) => <code>{r.cname}</code> },
                          { label: 'resources.ipP/ipset.fields.status', render: (r) => <IppStatusChip status={r.status} /> },
                          { label: 'pages.ipP/dashboards.flowIn', align: 'right', render: (r) => formatBytes(r.ingressFlow) },
                          { label: 'pages.ipP/dashboards.flowOut', align: 'right', render: (r) => formatBytes(r.egressFlow) },
                          { label: 'pages.ipP/dashboards.peakIn', align: 'right', render: (r) => formatBandwidth(r.peakIngressBandwidth) },
                          { label: 'pages.ipP/dashboards.alarmsCol', align: 'right', render: (r) => r.alarms },
                        ]}
                      />
                    )}
                  </QueryView>
                </CardContent>
              </Card>

              <Card variant="outlined">
                <CardContent>
                  <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                    <Typography variant="subtitle1" sx={{ flex: 1 }}>
                      {t('resources.ipP/ipset.alarms.title')}
                    </Typography>
                    <TextField
                      select
                      fullWidth={false}
                      size="small"
                      label={t('resources.ipP/ipset.alarms.type')}
                      value={alarmType}
                      onChange={(e) => {
                        setAlarmType(e.target.value as IppAlarmType | '');
                        setPage(0);
                      }}
                      sx={{ minWidth: 150 }}
                    >
                      <MenuItem value="">—</MenuItem>
                      {IPP_ALARM_TYPES.map((x) => (
                        <MenuItem key={x} value={x}>
                          {t(`resources.ipP/ipset.alarms.types.${x}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField
                      select
                      fullWidth={false}
                      size="small"
                      label={t('resources.ipP/ipset.alarms.state')}
                      value={alarmState}
                      onChange={(e) => {
                        setAlarmState(e.target.value as IppAlarmState | '');
                        setPage(0);
                      }}
                      sx={{ minWidth: 130 }}
                    >
                      <MenuItem value="">—</MenuItem>
                      {IPP_ALARM_STATES.map((x) => (
                        <MenuItem key={x} value={x}>
                          {t(`resources.ipP/ipset.alarms.states.${x}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Stack>
                  <QueryView state={alarms} isEmpty={() => false} height={120} testId="ipp-alarms">
                    {(found) => (
                      <ColumnsTable<IppAlarm>
                        testId="ipp-alarms"
                        rows={found.list}
                        rowKey={(a) => a.id}
                        rowTestId={() => 'ipp-alarm-row'}
                        rowSelected={(a) => selected?.id === a.id}
                        onRowClick={(a) => {
                          setSelected(a);
                          setOpen(a);
                        }}
                        emptyText="resources.ipP/ipset.alarms.none"
                        columns={[
                          { label: 'resources.ipP/ipset.alarms.ip', render: (a) => <code>{a.originIp}</code> },
                          { label: 'resources.ipP/ipset.alarms.type', render: (a) => t(`resources.ipP/ipset.alarms.types.${a.type}`) },
                          { label: 'resources.ipP/ipset.alarms.state', render: (a) => t(`resources.ipP/ipset.alarms.states.${a.state}`) },
                          {
                            label: 'resources.ipP/ipset.alarms.start',
                            sx: { whiteSpace: 'nowrap' },
                            render: (a) => formatIppTime(a.startTime),
                          },
                          { label: 'resources.ipP/ipset.alarms.duration', render: (a) => formatDuration(a.durationSeconds) },
                          { label: 'resources.ipP/ipset.alarms.peakBps', align: 'right', render: (a) => formatBandwidth(a.peakBps) },
                          { label: 'resources.ipP/ipset.alarms.peakPps', align: 'right', render: (a) => formatCompact(a.peakPps) },
                        ]}
                      />
                    )}
                  </QueryView>
                  <TablePagination
                    component="div"
                    count={alarms.data?.total ?? 0}
                    page={page}
                    rowsPerPage={10}
                    rowsPerPageOptions={[10]}
                    onPageChange={(_, p) => setPage(p)}
                  />
                </CardContent>
              </Card>
            </>
          )
        }
      </QueryView>
      <AlarmDialog alarm={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
