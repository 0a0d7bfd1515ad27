import dayjs from 'dayjs';
import { Box, Chip, Typography } from '@mui/material';
import {
  Datagrid,
  DateTimeInput,
  downloadCSV,
  FunctionField,
  SelectInput,
  TextInput,
  useRecordContext,
  useTranslate,
  type Exporter,
  type TranslateFunction,
} from 'react-admin';
import type { AuditEntry } from '../../common/wire/audit';
import { auditSucceeded } from '../../common/rules/audit';
import { toCsv, type CsvColumn } from '../../src/lib/csv';
import { formatDateTime } from '../../src/lib/dateTime';
import { ColumnsTable } from '../../src/kit/ColumnsTable';
import { fieldChanges } from './auditDiff';
import { ListEmpty } from '../../src/kit/QueryView';
import { PortalList } from '../../src/kit/PortalList';
import { ListActions, namedChoices, selectFilter } from '../../src/kit/ListParts';

const label = (f: string) => `resources.page/audit.fields.${f}`;
export const OBJECT_TYPES = [
  'domain',
  'certificate',
  'user',
  'account',
  'purgeTask',
  'prefetchTask',
  'session',
  'person',
  'cloud',
  'liveDomain',
] as const;

const typeName = (t: TranslateFunction, type: string) => (type ? t(`resources.page/audit.objectTypes.${type}`, { _: type }) : '');
const objectText = (r: AuditEntry) =>
  [r.objectName, r.objectId && r.objectId !== r.objectName ? `#${r.objectId}` : ''].filter(Boolean).join(' ');

const filters = [
  <TextInput key="username" source="username" label={label('username')} alwaysOn resettable />,
  selectFilter('objectType', label('objectType'), namedChoices(OBJECT_TYPES, 'resources.page/audit.objectTypes'), { minWidth: 150 }),
  <TextInput key="route" source="route" label={label('call')} alwaysOn resettable />,
  <DateTimeInput key="startTime" source="startTime" label={label('startTime')} alwaysOn />,
  <DateTimeInput key="endTime" source="endTime" label={label('endTime')} alwaysOn />,
  <TextInput key="object" source="object" label={label('object')} resettable />,
  <SelectInput
    key="outcome"
    source="outcome"
    label={label('outcome')}
    choices={[
      { id: 'ok', name: 'resources.page/audit.outcome.ok' },
      { id: 'failed', name: 'resources.page/audit.outcome.failed' },
    ]}
  />,
];

function csvColumns(t: TranslateFunction): CsvColumn<AuditEntry>[] {
  return [
    { header: t(label('time')), value: (r) => formatDateTime(r.time) },
    { header: t(label('username')), value: (r) => r.username },
    { header: t(label('account')), value: (r) => r.account },
    { header: t(label('ip')), value: (r) => r.ip },
    { header: t(label('method')), value: (r) => r.method },
    { header: t(label('route')), value: (r) => r.route },
    { header: t(label('objectType')), value: (r) => typeName(t, r.objectType) },
    { header: t(label('objectId')), value: (r) => r.objectId },
    { header: t(label('objectName')), value: (r) => r.objectName },
    { header: t(label('code')), value: (r) => r.code },
    { header: t(label('message')), value: (r) => r.message },
    {
      header: t('resources.page/audit.changes'),
      value: (r) =>
        fieldChanges(r.before, r.after)
          .map((c) => `${c.field}: ${c.before} → ${c.after}`)
          .join('; '),
    },
  ];
}

/** The CSV of exported rows (the project's csv helper: quoting and a byte-order mark). */
export const auditCsv = (records: readonly AuditEntry[], t: TranslateFunction) => toCsv(records, csvColumns(t));

const exporter =
  (t: TranslateFunction): Exporter<AuditEntry> =>
  (records) =>
    downloadCSV(auditCsv(records, t), `audit-log-${dayjs().format('YYYYMMDD-HHmmss')}`);

function Outcome({ entry }: { entry: AuditEntry }) {
  const t = useTranslate();
  const ok = auditSucceeded(entry);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ok ? 'success' : 'error'}
      data-testid="audit-outcome"
      label={ok ? t('resources.page/audit.outcome.ok') : `${t('resources.page/audit.outcome.failed')} (${entry.code})`}
      title={entry.message}
    />
  );
}

/** The expanded row: the call's message and the before/after of each changed field. */
export function AuditChanges() {
  const entry = useRecordContext<AuditEntry>();
  const t = useTranslate();
  if (!entry) return null;
  const changes = fieldChanges(entry.before, entry.after);
  const kind = entry.before === null && entry.after !== null ? 'created' : entry.after === null && entry.before !== null ? 'deleted' : null;
  return (
    <Box sx={{ p: 1 }} data-testid="audit-changes">
      <Typography variant="body2" sx={{ mb: 1 }}>
        <b>{t(label('message'))}:</b> {entry.message || '—'} · <b>{t(label('ip'))}:</b> {entry.ip} · <b>{t(label('route'))}:</b>{' '}
        {entry.method} {entry.route}
      </Typography>
      {!changes.length ? (
        <Typography variant="body2" color="text.secondary">
          {t('resources.page/audit.noChanges')}
        </Typography>
      ) : (
        <>
          <Typography variant="subtitle2">
            {t('resources.page/audit.changes')}
            {kind ? ` (${t(`resources.page/audit.${kind}`)})` : ''}
          </Typography>
          <ColumnsTable<(typeof changes)[number]>
            sx={{ maxWidth: 1100 }}
            rows={changes}
            rowKey={(c) => c.field}
            rowTestId={() => 'audit-change'}
            columns={[
              { label: 'resources.page/audit.field', sx: { fontFamily: 'monospace', whiteSpace: 'nowrap' }, render: (c) => c.field },
              { label: 'resources.page/audit.before', sx: { color: 'error.dark', wordBreak: 'break-all' }, render: (c) => c.before },
              { label: 'resources.page/audit.after', sx: { color: 'success.dark', wordBreak: 'break-all' }, render: (c) => c.after },
            ]}
          />
        </>
      )}
    </Box>
  );
}

/** The audit log (/page/audit): filters, server-side paging and sort, expandable changes, CSV export. */
export function AuditList() {
  const t = useTranslate();
  return (
    <PortalList
      title="resources.page/audit.title"
      filters={filters}
      sort={{ field: 'time', order: 'DESC' }}
      actions={<ListActions exporter={exporter(t)} />}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick="expand"
        expand={<AuditChanges />}
        empty={<ListEmpty text="resources.page/audit.empty" testId="audit-empty" />}
      >
        <FunctionField<AuditEntry>
          source="time"
          label={label('time')}
          sortBy="time"
          render={(r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.time)}</span>}
        />
        <FunctionField<AuditEntry> source="username" label={label('username')} sortBy="username" render={(r) => r.username} />
        <FunctionField<AuditEntry> source="account" label={label('account')} sortBy="account" render={(r) => r.account ?? ''} />
        <FunctionField<AuditEntry> source="ip" label={label('ip')} sortable={false} render={(r) => r.ip} />
        <FunctionField<AuditEntry>
          source="route"
          label={label('call')}
          sortBy="route"
          render={(r) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              <b>{r.method}</b> {r.route}
            </span>
          )}
        />
        <FunctionField<AuditEntry>
          source="objectType"
          label={label('objectType')}
          sortBy="objectType"
          render={(r) => typeName(t, r.objectType)}
        />
        <FunctionField<AuditEntry>
          source="objectName"
          label={label('object')}
          sortable={false}
          render={(r) => <span style={{ wordBreak: 'break-all' }}>{objectText(r)}</span>}
        />
        <FunctionField<AuditEntry> source="code" label={label('outcome')} sortBy="code" render={(r) => <Outcome entry={r} />} />
      </Datagrid>
    </PortalList>
  );
}
