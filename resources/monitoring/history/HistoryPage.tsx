import { useState } from 'react';
import {
  Box,
  Chip,
  MenuItem,
  Stack,
  Tab,
  TablePagination,
  Tabs,
  TextField as MuiTextField,
  Typography,
  type TextFieldProps,
} from '@mui/material';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DateTimeInput, FunctionField, List, TextInput, useTranslate } from 'react-admin';
import type { AlarmRecord, NotifyRecord } from '../../../common/wire/monitoring';
import { COMPARISON_SIGNS, METRIC_UNITS, MONIT_CHANNELS, NOTIFY_STATUSES, ALARM_EVENTS } from '../../../common/rules/monitoring';
import { ListActions, listExporter, namedChoices, selectFilter, type ExportColumns } from '../../../src/kit/ListParts';
import { formatDateTime } from '../../../src/lib/dateTime';
import { paginationLabels } from './paginationLabels';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';
import { QueryView } from '../../../src/kit/QueryView';
import { ColumnsTable } from '../../../src/kit/ColumnsTable';
import { PlainDatagrid } from '../../../src/kit/PlainDatagrid';
import { PortalPagination } from '../../../src/kit/PortalPagination';
import { PageHeading } from '../../../src/kit/PageHeading';

const h = (name: string) => `resources.CMonit/alertHistory.fields.${name}`;
const time = (iso: string) => formatDateTime(iso);
const STATUS_COLOURS: Record<string, 'success' | 'error' | 'warning' | 'default' | 'info'> = {
  sent: 'success',
  failed: 'error',
  not_configured: 'warning',
  muted: 'default',
  no_address: 'default',
  pending: 'info',
};

const COLUMNS: ExportColumns<NotifyRecord> = [
  ['time', (r) => time(r.time)],
  ['ruleName', (r) => r.ruleName],
  ['event', (r, t) => t(`resources.CMonit/alertHistory.events.${r.event}`)],
  ['contactName', (r) => r.contactName],
  ['channel', (r, t) => t(`resources.CMonit/alertRules.channels.${r.channel}`)],
  ['target', (r) => r.target],
  ['status', (r, t) => t(`resources.CMonit/alertHistory.statuses.${r.status}`)],
  ['reason', (r) => r.reason],
  ['attempts', (r) => String(r.attempts)],
  ['content', (r) => r.content],
];

function Notifications() {
  const t = useTranslate();
  return (
    <List
      perPage={20}
      sort={{ field: 'time', order: 'DESC' }}
      empty={false}
      title={t('resources.CMonit/alertHistory.title')}
      filters={[
        <DateTimeInput key="startTime" source="startTime" label={h('startTime')} alwaysOn />,
        <DateTimeInput key="endTime" source="endTime" label={h('endTime')} alwaysOn />,
        <TextInput key="ruleName" source="ruleName" label={h('ruleName')} alwaysOn />,
        <TextInput key="contact" source="contact" label={h('contactName')} />,
        selectFilter('channel', h('channel'), namedChoices(MONIT_CHANNELS, 'resources.CMonit/alertRules.channels'), { minWidth: 120 }),
        selectFilter('status', h('status'), namedChoices(NOTIFY_STATUSES, 'resources.CMonit/alertHistory.statuses'), { minWidth: 140 }),
      ]}
      actions={
        <ListActions
          exporter={listExporter(COLUMNS, h, t, 'alert-history')}
          filterButton={false}
          maxResults={1000}
          exportLabel="resources.CMonit/alertHistory.export"
        />
      }
      pagination={<PortalPagination />}
    >
      <PlainDatagrid emptyText="resources.CMonit/alertHistory.empty">
        <FunctionField<NotifyRecord> label={h('time')} render={(r) => <span style={{ whiteSpace: 'nowrap' }}>{time(r.time)}</span>} />
        <FunctionField<NotifyRecord> label={h('ruleName')} render={(r) => r.ruleName || '–'} />
        <FunctionField<NotifyRecord> label={h('event')} render={(r) => t(`resources.CMonit/alertHistory.events.${r.event}`)} />
        <FunctionField<NotifyRecord> label={h('contactName')} render={(r) => r.contactName} />
        <FunctionField<NotifyRecord> label={h('channel')} render={(r) => t(`resources.CMonit/alertRules.channels.${r.channel}`)} />
        <FunctionField<NotifyRecord> label={h('target')} render={(r) => <span style={{ wordBreak: 'break-all' }}>{r.target}</span>} />
        <FunctionField<NotifyRecord>
          label={h('status')}
          render={(r) => (
            <Chip
              size="small"
              color={STATUS_COLOURS[r.status]}
              label={t(`resources.CMonit/alertHistory.statuses.${r.status}`)}
              title={r.reason}
              data-testid="history-status"
            />
          )}
        />
        <FunctionField<NotifyRecord> label={h('reason')} render={(r) => r.reason} />
        <FunctionField<NotifyRecord>
          label={h('content')}
          render={(r) => (
            <Typography variant="body2" sx={{ maxWidth: 420 }}>
              {r.content}
            </Typography>
          )}
        />
      </PlainDatagrid>
    </List>
  );
}

/** A filter above the records: changing it goes back to the first page. */
function PageFilter({
  set,
  toFirst,
  ...rest
}: { label: string; value: string; set: (value: string) => void; toFirst: () => void } & Pick<
  TextFieldProps,
  'select' | 'sx' | 'children'
>) {
  return (
    <MuiTextField
      size="small"
      onChange={(e) => {
        set(e.target.value);
        toFirst();
      }}
      {...rest}
    />
  );
}

interface RecordPagesProps {
  total: number | undefined;
  page: number;
  setPage: (page: number) => void;
  perPage: number;
  options: number[];
  /** a choice of the page size (back to the first page); none: fixed */
  setPerPage?: (perPage: number) => void;
}

/** The pages of a tab's records (server paging), in the portal's language. */
function RecordPages({ total, page, setPage, perPage, options, setPerPage }: RecordPagesProps) {
  const t = useTranslate();
  const onRowsPerPageChange = setPerPage
    ? (e: { target: { value: string } }) => {
        setPerPage(Number(e.target.value));
        setPage(0);
      }
    : undefined;
  return (
    <TablePagination
      component="div"
      {...paginationLabels(t)}
      count={total ?? 0}
      page={page}
      rowsPerPage={perPage}
      rowsPerPageOptions={options}
      onPageChange={(_e, p) => setPage(p)}
      onRowsPerPageChange={onRowsPerPageChange}
    />
  );
}

function Alarms() {
  const t = useTranslate();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(20);
  const [event, setEvent] = useState('');
  const [ruleName, setRuleName] = useState('');
  const query = usePortalQuery(['monitAlarms', page, perPage, event, ruleName], (dp) =>
    dp.monitAlarms({ pageNum: page + 1, pageSize: perPage, event: event || undefined, ruleName: ruleName.trim() || undefined }),
  );
  return (
    <Box data-testid="alarm-records">
      <Stack direction="row" spacing={2} sx={{ my: 2 }}>
        <PageFilter label={t(h('ruleName'))} value={ruleName} set={setRuleName} toFirst={() => setPage(0)} />
        <PageFilter label={t(h('event'))} value={event} set={setEvent} toFirst={() => setPage(0)} select sx={{ minWidth: 160 }}>
          <MenuItem value="">–</MenuItem>
          {ALARM_EVENTS.map((e) => (
            <MenuItem key={e} value={e}>
              {t(`resources.CMonit/alertHistory.events.${e}`)}
            </MenuItem>
          ))}
        </PageFilter>
      </Stack>
      <QueryView state={query} isEmpty={(d) => d.list.length === 0} height={120}>
        {(d) => (
          <ColumnsTable<AlarmRecord>
            rows={d.list}
            rowKey={(a) => a.id}
            columns={[
              { label: h('time'), render: (a) => time(a.time), sx: { whiteSpace: 'nowrap' } },
              { label: h('ruleName'), render: (a) => a.ruleName },
              {
                label: h('event'),
                render: (a) => (
                  <>
                    <Chip
                      size="small"
                      color={a.event === 'restored' ? 'success' : 'error'}
                      label={t(`resources.CMonit/alertHistory.events.${a.event}`)}
                    />
                    {a.muted ? ` (${t(h('muted'))})` : ''}
                  </>
                ),
              },
              {
                label: h('value'),
                render: (a) => `${t(`resources.CMonit/alertRules.metrics.${a.metric}`)} ${a.value}${METRIC_UNITS[a.metric]}`,
              },
              { label: h('threshold'), render: (a) => `${COMPARISON_SIGNS[a.comparison]} ${a.threshold}${METRIC_UNITS[a.metric]}` },
              {
                label: h('period'),
                render: (a) => `${time(a.periodStart)} – ${time(a.periodEnd).slice(11)}`,
                sx: { whiteSpace: 'nowrap' },
              },
              { label: h('domains'), render: (a) => a.domains.join(', '), sx: { wordBreak: 'break-all' } },
            ]}
          />
        )}
      </QueryView>
      <RecordPages
        total={query.data?.total}
        page={page}
        setPage={setPage}
        perPage={perPage}
        options={[10, 20, 50]}
        setPerPage={setPerPage}
      />
    </Box>
  );
}

/** The availability chart's lines: statistic and colour. */
const STAT_LINES: Array<[string, string]> = [
  ['avg', '#1976d2'],
  ['p90', '#ed6c02'],
  ['max', '#d32f2f'],
  ['min', '#2e7d32'],
];

function Availability() {
  const t = useTranslate();
  const [page, setPage] = useState(0);
  const [domain, setDomain] = useState('');
  const [type, setType] = useState('');
  const query = usePortalQuery(['monitResource', page, domain, type], (dp) =>
    dp.monitResource({ pageNum: page + 1, pageSize: 20, domain: domain.trim() || undefined, type: type || undefined, interval: 60 }),
  );
  const r = (k: string) => `resources.CMonit/alertHistory.resource.fields.${k}`;
  const points = (query.data?.stats ?? []).map((s) => ({
    ...s,
    label: new Date(s.time).toLocaleString([], { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }),
  }));
  return (
    <Box data-testid="resource-records">
      <Stack direction="row" spacing={2} sx={{ my: 2 }}>
        <PageFilter label={t('resources.CMonit/alertHistory.resource.domain')} value={domain} set={setDomain} toFirst={() => setPage(0)} />
        <PageFilter
          label={t('resources.CMonit/alertHistory.resource.type')}
          value={type}
          set={setType}
          toFirst={() => setPage(0)}
          select
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">–</MenuItem>
          <MenuItem value="edge">{t('resources.CMonit/alertHistory.resource.types.edge')}</MenuItem>
          <MenuItem value="origin">{t('resources.CMonit/alertHistory.resource.types.origin')}</MenuItem>
        </PageFilter>
      </Stack>
      <Typography variant="subtitle2">{t('resources.CMonit/alertHistory.resource.chartTitle')}</Typography>
      <Box sx={{ height: 260 }}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" minTickGap={40} />
            <YAxis />
            <Tooltip />
            <Legend />
            {STAT_LINES.map(([stat, stroke]) => (
              <Line
                key={stat}
                dataKey={stat}
                name={t(`resources.CMonit/alertHistory.resource.stats.${stat}`)}
                stroke={stroke}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </Box>
      <QueryView state={query} isEmpty={(d) => d.list.length === 0} height={120}>
        {(d) => (
          <ColumnsTable
            rows={d.list}
            rowKey={(x, i) => `${x.time}-${x.domain}-${x.clientIp}-${x.type}-${i}`}
            columns={[
              { label: 'resources.CMonit/alertHistory.resource.domain', render: (x) => x.domain, sx: { wordBreak: 'break-all' } },
              { label: r('time'), render: (x) => time(x.time), sx: { whiteSpace: 'nowrap' } },
              { label: r('location'), render: (x) => `${x.country} ${x.city} ${x.isp}` },
              { label: r('clientIp'), render: (x) => x.clientIp },
              { label: r('serverIp'), render: (x) => x.serverIp },
              { label: r('dnsMs'), render: (x) => x.dnsMs },
              { label: r('connectMs'), render: (x) => x.connectMs },
              { label: r('totalMs'), render: (x) => x.totalMs },
              { label: r('httpStatus'), render: (x) => x.httpStatus },
              { label: r('origin'), render: (x) => (x.originIp ? `${x.originIp}:${x.originPort}` : '–') },
              { label: r('event'), render: (x) => t(`resources.CMonit/alertHistory.resource.events.${x.event}`) },
              {
                label: 'resources.CMonit/alertHistory.resource.type',
                render: (x) => t(`resources.CMonit/alertHistory.resource.types.${x.type}`),
              },
            ]}
          />
        )}
      </QueryView>
      <RecordPages total={query.data?.total} page={page} setPage={setPage} perPage={20} options={[20]} />
    </Box>
  );
}

/** /CMonit/alertHistory: notification attempts (server paging, filters, CSV), alarm events and availability records. */
export function HistoryPage() {
  const t = useTranslate();
  const [tab, setTab] = useState(0);
  return (
    <Box>
      <PageHeading>{t('resources.CMonit/alertHistory.title')}</PageHeading>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)}>
        <Tab label={t('resources.CMonit/alertHistory.tabs.notifications')} />
        <Tab label={t('resources.CMonit/alertHistory.tabs.alarms')} data-testid="tab-alarms" />
        <Tab label={t('resources.CMonit/alertHistory.tabs.resource')} data-testid="tab-resource" />
      </Tabs>
      {tab === 0 && <Notifications />}
      {tab === 1 && <Alarms />}
      {tab === 2 && <Availability />}
    </Box>
  );
}
