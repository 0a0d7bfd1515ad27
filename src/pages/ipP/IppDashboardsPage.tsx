import { useMemo, useState } from 'react';
import {
  Alert, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Grid, MenuItem, Stack, Table, TableBody, TableCell,
  TableHead, TablePagination, TableRow, TextField, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Area, CartesianGrid, ComposedChart, Legend, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Title, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../../dataProviders';
import type { ippMethods } from '../../../dataProviders/impapi/ipp';
import type { IppAlarm } from '../../../common/wire/ippTypes';
import { readUserInfo } from '../../auth/storage';
import { PieShare } from '../../charts/PieShare';
import { formatAxisTick, formatBandwidth, formatBytes, formatCompact } from '../../lib/units';
import { formatAxisTime, formatTooltipTime } from '../../lib/time';
import { IPP_ALARM_STATES, IPP_ALARM_TYPES, IPP_OTHER_REGION, type IppAlarmState, type IppAlarmType, type IppGranularity } from '../../../common/rules/ippRules';
import { formatDuration, formatIppTime, IppStatusChip } from '../../../resources/ipProtection/ippUi';

const RANGES = { '1h': 3600, '24h': 86_400, '7d': 7 * 86_400, '30d': 30 * 86_400 } as const;
type RangeKey = keyof typeof RANGES;
const DEFAULT_GRANULARITY: Record<RangeKey, IppGranularity> = { '1h': '5m', '24h': '5m', '7d': '1h', '30d': '1d' };
const ALL = 'all';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 180 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">{label}</Typography>
        <Typography variant="h6" data-testid={testId}>{value}</Typography>
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
      <DialogTitle>{t('resources.ipP/ipset.alarms.detailTitle', { type: t(`resources.ipP/ipset.alarms.types.${alarm.type}`), ip: alarm.originIp })}</DialogTitle>
      <DialogContent data-testid="ipp-alarm-detail">
        <Table size="small"><TableBody>{rows.map(([k, v]) => <TableRow key={k}><TableCell sx={{ color: 'text.secondary' }}>{k}</TableCell><TableCell>{v}</TableCell></TableRow>)}</TableBody></Table>
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{t('resources.ipP/ipset.alarms.close')}</Button></DialogActions>
    </Dialog>
  );
}

/** IP protection dashboards: bandwidth curves with the detected attacks marked, region shares, per-entry totals, alarm history. */
export function IppDashboardsPage() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>() as PortalDataProvider & typeof ippMethods;
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

  const entries = useQuery({ queryKey: ['ippEntries'], queryFn: () => dataProvider.ippEntries() });
  const noEntries = entries.isSuccess && entries.data.length === 0;
  const queryIp = noEntries ? '' : ip;
  const stat = useQuery({
    queryKey: ['ippStatistic', queryIp, startTime, endTime, granularity],
    queryFn: () => dataProvider.ippStatistic({ ip: queryIp, startTime, endTime, granularity }),
    enabled: entries.isSuccess && !!queryIp,
  });
  const statList = useQuery({
    queryKey: ['ippStatList', account, startTime, endTime],
    queryFn: () => dataProvider.ippStatList(account, startTime, endTime),
    enabled: entries.isSuccess && !noEntries && !!account,
  });
  const alarmQuery = { ip: queryIp === ALL ? undefined : queryIp, type: alarmType || undefined, state: alarmState || undefined, startTime, endTime };
  const alarms = useQuery({
    queryKey: ['ippAlarms', alarmQuery, page],
    queryFn: () => dataProvider.ippAlarms({ ...alarmQuery, pageNum: page + 1, pageSize: 10 }),
    enabled: entries.isSuccess && !noEntries,
  });
  // every alarm of the range (for the marks on the curve), whatever the table's page and filters
  const marks = useQuery({
    queryKey: ['ippAlarmMarks', queryIp, startTime, endTime],
    queryFn: () => dataProvider.ippAlarms({ ip: queryIp === ALL ? undefined : queryIp, startTime, endTime, pageSize: 500 }),
    enabled: entries.isSuccess && !noEntries,
  });

  const points = stat.data?.points ?? [];
  const span = points.length > 1 ? points[points.length - 1].time - points[0].time : 0;
  const area = (byRegion: Record<string, number> | undefined) =>
    Object.entries(byRegion ?? {}).map(([name, value]) => ({ name: name === IPP_OTHER_REGION ? t('pages.ipP/dashboards.other') : name, value }));
  const chartStart = points[0]?.time ?? startTime * 1000;
  const chartEnd = points.length ? points[points.length - 1].time : endTime * 1000;
  const bands = useMemo(() => (marks.data?.list ?? []).map((a) => ({ a, x1: Math.max(a.startTime, chartStart), x2: Math.max(Math.min(a.endTime, chartEnd), Math.max(a.startTime, chartStart)) })), [marks.data, chartStart, chartEnd]);

  const changeRange = (k: RangeKey) => {
    setRangeKey(k);
    setGranularity(DEFAULT_GRANULARITY[k]);
    setStamp(Math.floor(Date.now() / 60_000) * 60);
    setPage(0);
  };

  return (
    <Box sx={{ pb: 4 }}>
      <Title title={t('pages.ipP/dashboards.title')} />
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 2 }}>{t('pages.ipP/dashboards.title')}</Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
        <TextField select fullWidth={false} size="small" label={t('pages.ipP/dashboards.entry')} value={noEntries ? '' : ip} onChange={(e) => { setIp(e.target.value); setPage(0); }} sx={{ minWidth: 240 }} data-testid="ipp-entry-select">
          <MenuItem value={ALL}>{t('pages.ipP/dashboards.allEntries')}</MenuItem>
          {(entries.data ?? []).map((e) => <MenuItem key={e.id} value={e.originIp}>{`${e.originIp} (${e.cnamePrefix})`}</MenuItem>)}
        </TextField>
        <ToggleButtonGroup size="small" exclusive value={rangeKey} onChange={(_, v: RangeKey | null) => v && changeRange(v)}>
          {(Object.keys(RANGES) as RangeKey[]).map((k) => <ToggleButton key={k} value={k} data-testid={`ipp-range-${k}`}>{t(`pages.ipP/dashboards.ranges.${k}`)}</ToggleButton>)}
        </ToggleButtonGroup>
        <TextField select fullWidth={false} size="small" label={t('pages.ipP/dashboards.granularity')} value={granularity} onChange={(e) => setGranularity(e.target.value as IppGranularity)} sx={{ minWidth: 120 }}>
          {(['5m', '1h', '1d'] as IppGranularity[]).map((g) => <MenuItem key={g} value={g} disabled={RANGES[rangeKey] / { '5m': 300, '1h': 3600, '1d': 86400 }[g] > 9000}>{t(`pages.ipP/dashboards.granularities.${g}`)}</MenuItem>)}
        </TextField>
      </Stack>

      {noEntries && <Alert severity="warning" data-testid="ipp-ip-empty">{t('resources.ipP/ipset.errors.ipEmpty')}</Alert>}
      {stat.error && <Alert severity="error">{t((stat.error as Error).message, { _: (stat.error as Error).message })}</Alert>}

      {!noEntries && (
        <>
          <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
            <Stat label={t('pages.ipP/dashboards.peakIn')} value={formatBandwidth(stat.data?.peakIngressBandwidth ?? 0)} testId="ipp-peak-in" />
            <Stat label={t('pages.ipP/dashboards.peakOut')} value={formatBandwidth(stat.data?.peakEgressBandwidth ?? 0)} testId="ipp-peak-out" />
            <Stat label={t('pages.ipP/dashboards.totalIn')} value={formatBytes(stat.data?.totalIngressFlow ?? 0)} testId="ipp-total-in" />
            <Stat label={t('pages.ipP/dashboards.totalOut')} value={formatBytes(stat.data?.totalEgressFlow ?? 0)} testId="ipp-total-out" />
          </Stack>

          <Card variant="outlined" sx={{ mb: 2 }}>
            <CardContent>
              <Stack direction="row" justifyContent="space-between" alignItems="baseline">
                <Typography variant="subtitle1">{t('pages.ipP/dashboards.bandwidth')}</Typography>
                <Typography variant="caption" color="text.secondary">{t('pages.ipP/dashboards.alarmsMarked')}</Typography>
              </Stack>
              <Box data-testid="ipp-bandwidth-chart">
                <ResponsiveContainer width="100%" height={300}>
                  <ComposedChart data={points} margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
                    <CartesianGrid strokeDasharray="3 3" vertical={false} />
                    <XAxis dataKey="time" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={(v: number) => formatAxisTime(v, span, granularity, locale)} minTickGap={32} tick={{ fontSize: 12 }} />
                    <YAxis width={84} tickFormatter={(v: number) => formatAxisTick('bandwidth', v)} tick={{ fontSize: 12 }} />
                    <Tooltip labelFormatter={(v) => formatTooltipTime(Number(v), granularity, locale)} formatter={(v) => formatBandwidth(Number(v))} />
                    <Legend />
                    {bands.map(({ a, x1, x2 }) => (
                      <ReferenceArea key={a.id} x1={x1} x2={x2 > x1 ? x2 : x1 + 60_000} fill={selected?.id === a.id ? '#c62828' : '#ef5350'} fillOpacity={selected?.id === a.id ? 0.35 : 0.15} stroke="#c62828" strokeOpacity={0.4} ifOverflow="extendDomain" />
                    ))}
                    <Area type="monotone" dataKey="ingressBandwidth" name={t('pages.ipP/dashboards.ingressBandwidth')} stroke="#1976d2" fill="#1976d2" fillOpacity={0.2} isAnimationActive={false} />
                    <Area type="monotone" dataKey="egressBandwidth" name={t('pages.ipP/dashboards.egressBandwidth')} stroke="#ef6c00" fill="#ef6c00" fillOpacity={0.15} isAnimationActive={false} />
                  </ComposedChart>
                </ResponsiveContainer>
              </Box>
            </CardContent>
          </Card>

          <Grid container spacing={2} sx={{ mb: 2 }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card variant="outlined"><CardContent data-testid="ipp-area-in">
                <Typography variant="subtitle1">{t('pages.ipP/dashboards.areaIn')}</Typography>
                <PieShare data={area(stat.data?.areaIngressFlow)} kind="bytes" maxSlices={9} otherLabel={t('pages.ipP/dashboards.other')} height={280} legend="right" />
              </CardContent></Card>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card variant="outlined"><CardContent data-testid="ipp-area-out">
                <Typography variant="subtitle1">{t('pages.ipP/dashboards.areaOut')}</Typography>
                <PieShare data={area(stat.data?.areaEgressFlow)} kind="bytes" maxSlices={9} otherLabel={t('pages.ipP/dashboards.other')} height={280} legend="right" />
              </CardContent></Card>
            </Grid>
          </Grid>

          <Card variant="outlined" sx={{ mb: 2 }}>
            <CardContent>
              <Typography variant="subtitle1" sx={{ mb: 1 }}>{t('pages.ipP/dashboards.perEntry')}</Typography>
              <Table size="small" data-testid="ipp-stat-list">
                <TableHead><TableRow>
                  <TableCell>{t('resources.ipP/ipset.fields.originIp')}</TableCell><TableCell>{t('resources.ipP/ipset.fields.cname')}</TableCell><TableCell>{t('resources.ipP/ipset.fields.status')}</TableCell>
                  <TableCell align="right">{t('pages.ipP/dashboards.flowIn')}</TableCell><TableCell align="right">{t('pages.ipP/dashboards.flowOut')}</TableCell>
                  <TableCell align="right">{t('pages.ipP/dashboards.peakIn')}</TableCell><TableCell align="right">{t('pages.ipP/dashboards.alarmsCol')}</TableCell>
                </TableRow></TableHead>
                <TableBody>
                  {(statList.data ?? []).map((r) => (
                    <TableRow key={r.id} hover sx={{ cursor: 'pointer' }} onClick={() => { setIp(r.originIp); setPage(0); }}>
                      <TableCell><code>{r.originIp}</code></TableCell><TableCell><code>{r.cname}</code></TableCell><TableCell><IppStatusChip status={r.status} /></TableCell>
                      <TableCell align="right">{formatBytes(r.ingressFlow)}</TableCell><TableCell align="right">{formatBytes(r.egressFlow)}</TableCell>
                      <TableCell align="right">{formatBandwidth(r.peakIngressBandwidth)}</TableCell><TableCell align="right">{r.alarms}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>

          <Card variant="outlined">
            <CardContent>
              <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                <Typography variant="subtitle1" sx={{ flex: 1 }}>{t('resources.ipP/ipset.alarms.title')}</Typography>
                <TextField select fullWidth={false} size="small" label={t('resources.ipP/ipset.alarms.type')} value={alarmType} onChange={(e) => { setAlarmType(e.target.value as IppAlarmType | ''); setPage(0); }} sx={{ minWidth: 150 }}>
                  <MenuItem value="">—</MenuItem>
                  {IPP_ALARM_TYPES.map((x) => <MenuItem key={x} value={x}>{t(`resources.ipP/ipset.alarms.types.${x}`)}</MenuItem>)}
                </TextField>
                <TextField select fullWidth={false} size="small" label={t('resources.ipP/ipset.alarms.state')} value={alarmState} onChange={(e) => { setAlarmState(e.target.value as IppAlarmState | ''); setPage(0); }} sx={{ minWidth: 130 }}>
                  <MenuItem value="">—</MenuItem>
                  {IPP_ALARM_STATES.map((x) => <MenuItem key={x} value={x}>{t(`resources.ipP/ipset.alarms.states.${x}`)}</MenuItem>)}
                </TextField>
              </Stack>
              <Table size="small" data-testid="ipp-alarms">
                <TableHead><TableRow>
                  <TableCell>{t('resources.ipP/ipset.alarms.ip')}</TableCell><TableCell>{t('resources.ipP/ipset.alarms.type')}</TableCell><TableCell>{t('resources.ipP/ipset.alarms.state')}</TableCell>
                  <TableCell>{t('resources.ipP/ipset.alarms.start')}</TableCell><TableCell>{t('resources.ipP/ipset.alarms.duration')}</TableCell>
                  <TableCell align="right">{t('resources.ipP/ipset.alarms.peakBps')}</TableCell><TableCell align="right">{t('resources.ipP/ipset.alarms.peakPps')}</TableCell>
                </TableRow></TableHead>
                <TableBody>
                  {(alarms.data?.list ?? []).map((a) => (
                    <TableRow key={a.id} hover selected={selected?.id === a.id} sx={{ cursor: 'pointer' }} data-testid="ipp-alarm-row" onClick={() => { setSelected(a); setOpen(a); }}>
                      <TableCell><code>{a.originIp}</code></TableCell>
                      <TableCell>{t(`resources.ipP/ipset.alarms.types.${a.type}`)}</TableCell>
                      <TableCell>{t(`resources.ipP/ipset.alarms.states.${a.state}`)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatIppTime(a.startTime)}</TableCell>
                      <TableCell>{formatDuration(a.durationSeconds)}</TableCell>
                      <TableCell align="right">{formatBandwidth(a.peakBps)}</TableCell>
                      <TableCell align="right">{formatCompact(a.peakPps)}</TableCell>
                    </TableRow>
                  ))}
                  {alarms.isSuccess && !alarms.data.list.length && (
                    <TableRow><TableCell colSpan={7} align="center" sx={{ color: 'text.secondary' }}>{t('resources.ipP/ipset.alarms.none')}</TableCell></TableRow>
                  )}
                </TableBody>
              </Table>
              <TablePagination component="div" count={alarms.data?.total ?? 0} page={page} rowsPerPage={10} rowsPerPageOptions={[10]} onPageChange={(_, p) => setPage(p)} />
            </CardContent>
          </Card>
        </>
      )}
      <AlarmDialog alarm={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
