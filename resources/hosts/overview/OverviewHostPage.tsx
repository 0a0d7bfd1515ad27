import { lazy, Suspense, useState } from 'react';
import { Box, Button, Chip, IconButton, MenuItem, Paper, Skeleton, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { HOST_RESOURCE, storeCustoms, storedCustoms } from '../../../dataProviders/api/hosts';
import type { Host, HostCustomer, HostTypeOverview } from '../../../common/wire/hosts';
import { readUserInfo } from '../../../src/auth/storage';
import { isSuperRole } from '../../../common/rules/shell/permissions';
import { HOST_STATUSES, HOST_TYPES, type HostType } from '../../../common/rules/hosts';
import { formatValue } from '../../../src/lib/units';
import { Tile } from '../../../src/kit/Tile';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';
import { QueryView } from '../../../src/kit/QueryView';
import { ColumnsTable } from '../../../src/kit/ColumnsTable';
import { formatCpu, formatHostTime, HostStatusChip, useAreaName, useHostCustomers } from '../hostUi';

const AreaBars = lazy(() => import('./AreaBars'));

/** The list of a type with a filter, as react-admin reads it from the address. */
export const hostListUrl = (type: HostType, filter: Record<string, unknown>) =>
  `/${HOST_RESOURCE[type]}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

const gb = (n: number) => `${n.toLocaleString('en-US')} GB`;
const mbps = (n: number) => formatValue('bandwidth', n * 1_000_000);

/** The overview's per-area search (POST /api/hostInfo/search): the first hosts of one area. */
function AreaHosts({ type, area, onClose }: { type: HostType; area: string; onClose: () => void }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const areaName = useAreaName();
  const search = usePortalQuery(['hostAreaSearch', type, area, storedCustoms()], (dp) => dp.hostAreaSearch(type, area, 10));
  const data = search.data;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 1 }} data-testid="host-area-search">
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Typography variant="subtitle2">
          {t('pages.cdn/overviewHost.areaHosts', { area: areaName(area) })}
          {data ? ` (${data.total})` : ''}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => navigate(hostListUrl(type, { area }))}>
            {t('pages.cdn/overviewHost.openList')}
          </Button>
          <IconButton size="small" aria-label={t('resources.cdn/cloudHostList.cancel')} onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      </Stack>
      <QueryView state={search} isEmpty={() => false} height={120} testId="host-area-search">
        {(found) => (
          <ColumnsTable<Host>
            headless
            rows={found.list}
            rowKey={(h) => h.id}
            onRowClick={(h) => navigate(`/${HOST_RESOURCE[h.type]}/${h.id}/show`)}
            columns={[
              { label: 'resources.cdn/cloudHostList.fields.hostName', render: (h) => h.hostName },
              { label: 'resources.cdn/cloudHostList.fields.publicIp', render: (h) => h.publicIp },
              { label: 'resources.cdn/cloudHostList.fields.status', render: (h) => <HostStatusChip status={h.status} /> },
              { label: 'resources.cdn/cloudHostList.fields.cpu', render: (h) => formatCpu(h.cpuAvg, h.cpuPeak) },
              {
                label: 'resources.cdn/cloudHostList.fields.expireTime',
                render: (h) => formatHostTime(h.expireTime),
                rowSx: (h) => (h.expiringSoon ? { color: 'warning.dark' } : undefined),
              },
            ]}
          />
        )}
      </QueryView>
    </Paper>
  );
}

function TypeView({ view }: { view: HostTypeOverview }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const areaName = useAreaName();
  const [picked, setPicked] = useState<string | null>(null);
  const bars = view.areas.map((a) => ({ code: a.area, name: areaName(a.area), running: a.running, other: a.hosts - a.running }));
  return (
    <Stack spacing={2} data-testid={`host-view-${view.type}`}>
      <Stack direction="row" flexWrap="wrap" useFlexGap spacing={2}>
        <Tile label={t(`pages.cdn/overviewHost.${view.type}`)} value={String(view.hosts)} testId={`host-${view.type}-hosts`} />
        <Tile label={t('pages.cdn/overviewHost.cores')} value={String(view.cpuCores)} />
        <Tile label={t('pages.cdn/overviewHost.memory')} value={gb(view.memoryGb)} />
        <Tile label={t('pages.cdn/overviewHost.bandwidth')} value={mbps(view.bandwidthMbps)} />
        <Tile label={t('pages.cdn/overviewHost.expiring')} value={String(view.expiring)} testId={`host-${view.type}-expiring`}>
          {view.expiring > 0 && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              clickable
              label={t('pages.cdn/overviewHost.openList')}
              onClick={() => navigate(hostListUrl(view.type, { expiring: true }))}
            />
          )}
        </Tile>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1">{t('pages.cdn/overviewHost.byArea')}</Typography>
        <Typography variant="caption" color="text.secondary">
          {t('pages.cdn/overviewHost.byAreaHint')}
        </Typography>
        <Suspense fallback={<Skeleton variant="rectangular" height={300} />}>
          <AreaBars
            data={bars}
            runningName={t('pages.cdn/overviewHost.running')}
            otherName={t('pages.cdn/overviewHost.other')}
            axisTitle={t('pages.cdn/overviewHost.hostsAxis')}
            onPick={(code) => navigate(hostListUrl(view.type, { area: code }))}
          />
        </Suspense>
        <ColumnsTable<HostTypeOverview['areas'][number]>
          testId={`host-areas-${view.type}`}
          rows={view.areas}
          rowKey={(a) => a.area}
          rowTestId={(a) => `host-area-row-${a.area}`}
          onRowClick={(a) => navigate(hostListUrl(view.type, { area: a.area }))}
          columns={[
            {
              label: 'resources.cdn/cloudHostList.fields.area',
              render: (a) => (
                <>
                  <IconButton
                    size="small"
                    aria-label={t('pages.cdn/overviewHost.areaHosts', { area: areaName(a.area) })}
                    data-testid={`host-area-search-${a.area}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      setPicked(a.area);
                    }}
                  >
                    <SearchIcon fontSize="inherit" />
                  </IconButton>
                  {areaName(a.area)}
                </>
              ),
            },
            { label: 'pages.cdn/overviewHost.total', render: (a) => a.hosts },
            { label: 'pages.cdn/overviewHost.running', render: (a) => a.running },
            { label: 'pages.cdn/overviewHost.stopped', render: (a) => a.stopped },
            {
              label: 'pages.cdn/overviewHost.expiring',
              render: (a) => a.expiring,
              rowSx: (a) => (a.expiring ? { color: 'warning.dark', fontWeight: 500 } : undefined),
            },
            { label: 'pages.cdn/overviewHost.cores', render: (a) => a.cpuCores },
            { label: 'pages.cdn/overviewHost.memory', render: (a) => gb(a.memoryGb) },
            { label: 'pages.cdn/overviewHost.bandwidth', render: (a) => mbps(a.bandwidthMbps) },
          ]}
        />
        {picked && <AreaHosts key={picked} type={view.type} area={picked} onClose={() => setPicked(null)} />}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          {t('pages.cdn/overviewHost.nextExpiring')}
        </Typography>
        {view.expiringHosts.length ? (
          <Stack spacing={0.5}>
            {view.expiringHosts.map((h) => (
              <Box
                key={h.id}
                sx={{ cursor: 'pointer', color: 'warning.dark' }}
                onClick={() => navigate(`/${HOST_RESOURCE[h.type]}/${h.id}/show`)}
              >
                {h.hostName} · {h.publicIp} · {areaName(h.area)} · {formatHostTime(h.expireTime)}
              </Box>
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">{t('pages.cdn/overviewHost.none')}</Typography>
        )}
      </Paper>
    </Stack>
  );
}

/** Staff only: narrows the whole portal's host calls to one customer (the stored custom-account selection). */
function CustomerSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const t = useTranslate();
  const customers = useHostCustomers();
  return (
    <TextField
      select
      size="small"
      label={t('pages.cdn/overviewHost.customers')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 220 }}
      inputProps={{ 'data-testid': 'host-customer-select' }}
    >
      <MenuItem value="">{t('pages.cdn/overviewHost.allCustomers')}</MenuItem>
      {customers.map((c: HostCustomer) => (
        <MenuItem key={c.account} value={c.account}>{`${c.account} (${c.companyName})`}</MenuItem>
      ))}
    </TextField>
  );
}

/** Host overview: counts by type and status, the VPS and the server view, hosts by area. */
export function OverviewHostPage() {
  const t = useTranslate();
  const staff = isSuperRole(readUserInfo()?.role);
  const [customs, setCustoms] = useState(storedCustoms());
  const [tab, setTab] = useState<HostType>('vps');
  const count = usePortalQuery(['hostCount', customs], (dp) => dp.hostCount());
  const view = usePortalQuery(['hostOverview', tab, customs], (dp) => dp.hostOverview(tab));
  const pickCustomer = (v: string) => {
    storeCustoms(v ? [v] : []);
    setCustoms(v);
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap" useFlexGap spacing={2} sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {t('pages.cdn/overviewHost.title')}
        </Typography>
        {staff && <CustomerSelect value={customs.split(',')[0] ?? ''} onChange={pickCustomer} />}
      </Stack>
      <QueryView state={count} isEmpty={() => false} height={160} testId="host-count">
        {(c) => (
          <Stack spacing={2} sx={{ mb: 2 }}>
            <Stack direction="row" flexWrap="wrap" useFlexGap spacing={2}>
              <Tile label={t('pages.cdn/overviewHost.total')} value={String(c.total)} testId="host-total" />
              {HOST_TYPES.map((type) => (
                <Tile key={type} label={t(`pages.cdn/overviewHost.${type}`)} value={String(c.byType[type])} testId={`host-count-${type}`} />
              ))}
              <Tile label={t('pages.cdn/overviewHost.running')} value={String(c.byStatus.running)} testId="host-running" />
              <Tile label={t('pages.cdn/overviewHost.expiring')} value={String(c.expiring)} testId="host-expiring-total" />
            </Stack>
            <Paper variant="outlined">
              <ColumnsTable<HostType>
                testId="host-status-table"
                rows={[...HOST_TYPES]}
                rowKey={(type) => type}
                columns={[
                  { label: 'resources.cdn/cloudHostList.fields.type', render: (type) => t(`resources.cdn/cloudHostList.type.${type}`) },
                  ...HOST_STATUSES.map((st) => ({
                    label: `resources.cdn/cloudHostList.status.${st}`,
                    render: (type: HostType) => c.byTypeStatus[type][st],
                  })),
                ]}
              />
            </Paper>
          </Stack>
        )}
      </QueryView>
      <Tabs value={tab} onChange={(_e, v: HostType) => setTab(v)} sx={{ mb: 2 }}>
        {HOST_TYPES.map((type) => (
          <Tab key={type} value={type} label={t(`pages.cdn/overviewHost.${type}`)} />
        ))}
      </Tabs>
      <QueryView state={view} isEmpty={() => false} height={300} testId="host-view">
        {(data) => <TypeView view={data} />}
      </QueryView>
    </Box>
  );
}
