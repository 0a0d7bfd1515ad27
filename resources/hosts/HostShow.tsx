import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBackOutlinedIcon from '@mui/icons-material/ArrowBackOutlined';
import { Show, useLocaleState, useRecordContext, useRedirect, useResourceContext, useTranslate } from 'react-admin';
import type { HostWithMetrics } from '../../dataProviders/api/hosts';
import { TimeSeriesChart, type TimePoint, type TimeSeriesChartProps } from '../../src/charts';
import { formatCpu, formatHostTime, HostStatusChip, useAreaName } from './hostUi';
import { RenameField } from './RenameField';

const label = (f: string) => `resources.cdn/cloudHostList.fields.${f}`;

function Fact({ name, children }: { name: string; children: React.ReactNode }) {
  const t = useTranslate();
  return (
    <Box sx={{ minWidth: 180, flex: '1 1 180px' }}>
      <Typography variant="caption" color="text.secondary">
        {t(label(name))}
      </Typography>
      <Typography component="div" variant="body2" data-testid={`host-fact-${name}`}>
        {children}
      </Typography>
    </Box>
  );
}

const detail = (key: string) => `resources.cdn/cloudHostList.detail.${key}`;

/** One of the 24-hour charts: a caption over 5-minute curves, each series named by its detail text. */
function HostCurve({
  points,
  caption,
  leftTitle,
  series,
  ...axis
}: Pick<TimeSeriesChartProps, 'leftKind' | 'percentDomain'> & {
  points: TimePoint[];
  caption: string;
  leftTitle: string;
  series: { key: string; area?: boolean }[];
}) {
  const t = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {t(detail(caption))}
      </Typography>
      <TimeSeriesChart
        data={points}
        granularity="5m"
        locale={locale}
        leftTitle={t(detail(leftTitle))}
        height={260}
        series={series.map((s) => ({ ...s, name: t(detail(s.key)) }))}
        {...axis}
      />
    </Box>
  );
}

function HostDetail() {
  const host = useRecordContext<HostWithMetrics>();
  const t = useTranslate();
  const areaName = useAreaName();
  const redirect = useRedirect();
  const resource = useResourceContext();
  if (!host) return null;
  const points: TimePoint[] = (host.metrics ?? []).map((p) => ({
    time: p.timestamp * 1000,
    cpu: p.cpu,
    mem: p.mem,
    in: p.inBps,
    out: p.outBps,
  }));
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" alignItems="center" spacing={2} flexWrap="wrap" useFlexGap>
        <Button size="small" startIcon={<ArrowBackOutlinedIcon />} onClick={() => redirect('list', resource)}>
          {t('resources.cdn/cloudHostList.detail.back')}
        </Button>
        <Typography variant="h6" component="h2">
          <RenameField />
        </Typography>
        <HostStatusChip status={host.status} />
        <Typography variant="body2" color="text.secondary">
          {t(`resources.cdn/cloudHostList.type.${host.type}`)}
        </Typography>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('resources.cdn/cloudHostList.detail.spec')}
        </Typography>
        <Stack direction="row" flexWrap="wrap" useFlexGap spacing={2}>
          <Fact name="instanceId">
            <code>{host.instanceId}</code>
          </Fact>
          <Fact name="publicIp">{host.publicIp}</Fact>
          <Fact name="privateIp">{host.privateIp}</Fact>
          <Fact name="area">{areaName(host.area)}</Fact>
          <Fact name="account">{host.account}</Fact>
          <Fact name="cpuCores">{host.cpuCores}</Fact>
          <Fact name="memoryGb">{host.memoryGb}</Fact>
          <Fact name="diskGb">{host.diskGb}</Fact>
          <Fact name="bandwidthMbps">{host.bandwidthMbps}</Fact>
          <Fact name="os">{host.os}</Fact>
          <Fact name="createTime">{formatHostTime(host.createTime)}</Fact>
          <Fact name="expireTime">
            <Box component="span" sx={host.expiringSoon ? { color: 'warning.dark', fontWeight: 500 } : undefined}>
              {formatHostTime(host.expireTime)}
              {host.expiringSoon ? ` · ${t('resources.cdn/cloudHostList.expiringSoon')}` : ''}
            </Box>
          </Fact>
          <Fact name="cpu">{formatCpu(host.cpuAvg, host.cpuPeak)}</Fact>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="host-curves">
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('resources.cdn/cloudHostList.detail.utilisation')}
        </Typography>
        {points.length ? (
          <Stack spacing={2}>
            <HostCurve
              points={points}
              caption="cpuMem"
              leftKind="percent"
              leftTitle="percent"
              percentDomain
              series={[{ key: 'cpu' }, { key: 'mem' }]}
            />
            <HostCurve
              points={points}
              caption="traffic"
              leftKind="bandwidth"
              leftTitle="bps"
              series={[{ key: 'in', area: true }, { key: 'out' }]}
            />
          </Stack>
        ) : (
          <Typography color="text.secondary" data-testid="host-no-metrics">
            {t('resources.cdn/cloudHostList.detail.noMetrics')}
          </Typography>
        )}
      </Paper>
    </Stack>
  );
}

/** A host's details and its last 24 hours (CPU, memory, in and out bandwidth). */
export function HostShow({ id }: { id?: number }) {
  return (
    <Show id={id} actions={false} title={<ShowTitle />}>
      <HostDetail />
    </Show>
  );
}

function ShowTitle() {
  const host = useRecordContext<HostWithMetrics>();
  const t = useTranslate();
  return <span>{host ? t('resources.cdn/cloudHostList.detailTitle', { name: host.hostName }) : ''}</span>;
}
