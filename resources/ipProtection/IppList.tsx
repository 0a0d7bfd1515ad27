import { useState, type ReactElement } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Tooltip, Typography } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  SearchInput,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useListContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProviders';
import type { ippMethods } from '../../dataProviders/impapi/ipProtection';
import type { IppEntry, IppPortError, IppPortErrorData } from '../../common/wire/ipProtection';
import { ColumnsTable } from '../../src/kit/ColumnsTable';
import { IPP_STATUSES, ippAllows, type IppAction } from '../../common/rules/ipProtection';
import { formatIppTime, IppStatusChip, portSummary, TRANSITIONAL } from './ippUi';
import { useNotifyError } from '../../src/kit/errorText';
import { ListEmpty } from '../../src/kit/QueryView';
import { namedChoices, selectFilter } from '../../src/kit/ListParts';
import { PortalList } from '../../src/kit/PortalList';
import { ConfirmButton } from '../../src/kit/ConfirmButton';
import { usePollWhile } from '../../src/kit/usePollWhile';

const label = (f: string) => `resources.ipP/ipset.fields.${f}`;
const small = { minWidth: 0, px: 0.75, whiteSpace: 'nowrap', textTransform: 'none' } as const;

/** Refreshes the list every second while an entry is in a state the job moves on. */
function AutoRefresh() {
  const { data } = useListContext<IppEntry>();
  usePollWhile(
    (data ?? []).some((e) => TRANSITIONAL.includes(e.status)),
    useRefresh(),
    1000,
  );
  return null;
}

interface ActionProps {
  entry: IppEntry;
  action: Exclude<IppAction, 'update'>;
  color?: 'primary' | 'error' | 'warning';
  run: () => Promise<unknown>;
  success: (result: unknown) => [string, Record<string, unknown>];
}

/** One row action: refused in the entry's state (with why), else asked for, run, notified. */
function EntryAction({ entry, action, color, run, success }: ActionProps) {
  const t = useTranslate();
  const names: Record<typeof action, string> = { enable: 'enable', disable: 'disable', delete: 'delete', checkConfig: 'check' };
  return (
    <ConfirmButton
      label={t(`resources.ipP/ipset.actions.${action}`)}
      color={color}
      testId={`ipp-${action}`}
      blockedMessage={ippAllows(action, entry.status) ? null : 'resources.ipP/ipset.blocked'}
      blockedArgs={{ status: t(`resources.ipP/ipset.status.${entry.status}`) }}
      title={`resources.ipP/ipset.confirm.${names[action]}Title`}
      content={`resources.ipP/ipset.confirm.${names[action]}Content`}
      name={entry.originIp}
      success={success}
      run={run}
    />
  );
}

/** The ports that failed the last check, with reasons (GET getPortErrorData/{id}). */
function PortErrorsButton({ entry }: { entry: IppEntry }) {
  const t = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>() as PortalDataProvider & typeof ippMethods;
  const notifyError = useNotifyError();
  const [data, setData] = useState<IppPortErrorData | null>(null);
  const open = async () => {
    try {
      setData(await dataProvider.ippPortErrors(entry.id));
    } catch (e) {
      notifyError(e);
    }
  };
  return (
    <>
      <Button
        size="small"
        sx={small}
        data-testid="ipp-portErrors"
        onClick={(e) => {
          e.stopPropagation();
          void open();
        }}
      >
        {t('resources.ipP/ipset.actions.portErrors')}
      </Button>
      <Dialog open={data !== null} onClose={() => setData(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{t('resources.ipP/ipset.portErrors.title', { ip: entry.originIp })}</DialogTitle>
        <DialogContent data-testid="ipp-port-errors">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {data?.checkTime
              ? t('resources.ipP/ipset.portErrors.checked', { time: formatIppTime(data.checkTime), count: data.checkedPorts })
              : t('resources.ipP/ipset.portErrors.never')}
          </Typography>
          {data && data.checkTime && !data.errors.length && <Typography>{t('resources.ipP/ipset.portErrors.none')}</Typography>}
          {data && data.errors.length > 0 && (
            <ColumnsTable<IppPortError>
              rows={data.errors}
              rowKey={(e) => e.port}
              columns={[
                { label: 'resources.ipP/ipset.portErrors.port', render: (e) => e.port },
                { label: 'resources.ipP/ipset.portErrors.reason', render: (e) => t(`resources.ipP/ipset.portErrors.reasons.${e.reason}`) },
                { label: 'resources.ipP/ipset.portErrors.detail', render: (e) => <code>{e.detail}</code> },
              ]}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setData(null)}>{t('resources.ipP/ipset.alarms.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function RowActions({ entry, canWrite }: { entry: IppEntry; canWrite: boolean }) {
  const t = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>() as PortalDataProvider & typeof ippMethods;
  const name = entry.originIp;
  const actions: ReactElement[] = [];
  if (canWrite) {
    actions.push(
      <Tooltip
        key="edit"
        title={
          ippAllows('update', entry.status)
            ? ''
            : t('resources.ipP/ipset.blocked', { status: t(`resources.ipP/ipset.status.${entry.status}`) })
        }
      >
        <span>
          <Button
            size="small"
            sx={small}
            component={Link}
            to={`/ipP/ipset/${entry.id}`}
            disabled={!ippAllows('update', entry.status)}
            startIcon={<EditOutlinedIcon fontSize="inherit" />}
            data-testid="ipp-edit"
            onClick={(e) => e.stopPropagation()}
          >
            {t('resources.ipP/ipset.actions.edit')}
          </Button>
        </span>
      </Tooltip>,
      entry.status === 'disabled' ? (
        <EntryAction
          key="enable"
          entry={entry}
          action="enable"
          run={() => dataProvider.ippEnable(entry.id)}
          success={() => ['resources.ipP/ipset.done.enable', { name }]}
        />
      ) : (
        <EntryAction
          key="disable"
          entry={entry}
          action="disable"
          color="warning"
          run={() => dataProvider.ippDisable(entry.id)}
          success={() => ['resources.ipP/ipset.done.disable', { name }]}
        />
      ),
      <EntryAction
        key="check"
        entry={entry}
        action="checkConfig"
        run={() => dataProvider.ippCheckConfig(entry.id)}
        success={(r) => {
          const n = (r as IppEntry).errorPorts.length;
          return n ? ['resources.ipP/ipset.done.checkFailed', { name, count: n }] : ['resources.ipP/ipset.done.checkOk', { name }];
        }}
      />,
      <EntryAction
        key="delete"
        entry={entry}
        action="delete"
        color="error"
        run={() => dataProvider.ippDelete(entry.id)}
        success={() => ['resources.ipP/ipset.done.delete', { name }]}
      />,
    );
  }
  actions.push(<PortErrorsButton key="errors" entry={entry} />);
  return (
    <Stack direction="row" spacing={0} sx={{ flexWrap: 'wrap' }}>
      {actions}
    </Stack>
  );
}

function StatusCell({ entry }: { entry: IppEntry }) {
  const t = useTranslate();
  return (
    <Stack spacing={0.5} alignItems="flex-start">
      <IppStatusChip status={entry.status} />
      {entry.errorPorts.length > 0 && (
        <Tooltip title={t('resources.ipP/ipset.fields.errorPorts')}>
          <Box
            component="span"
            sx={{ color: 'warning.dark', fontSize: 12, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            data-testid="ipp-error-ports"
          >
            <WarningAmberOutlinedIcon fontSize="inherit" />
            {entry.errorPorts.join(', ')}
          </Box>
        </Tooltip>
      )}
    </Stack>
  );
}

/** The protected-IP list (/ipP/ipset; the same list at /dcdn/ipset). */
export function IppList({ resource = 'ipP/ipset' }: { resource?: string }) {
  const t = useTranslate();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'ipP/ipset', action: 'create' });
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('resources.ipP/ipset.filters.search')} sx={{ minWidth: 240 }} />,
    selectFilter('status', label('status'), namedChoices(IPP_STATUSES, 'resources.ipP/ipset.status'), { minWidth: 160 }),
  ];
  return (
    <PortalList
      resource={resource}
      title="resources.ipP/ipset.listTitle"
      filters={filters}
      actions={
        <TopToolbar>
          {canWrite && <CreateButton resource="ipP/ipset" label="resources.ipP/ipset.actions.add" data-testid="ipp-add" />}
        </TopToolbar>
      }
    >
      <AutoRefresh />
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        empty={<ListEmpty text="resources.ipP/ipset.noEntries" testId="ipp-empty" />}
        sx={{ '& .MuiTableCell-root': { px: 1 } }}
      >
        <FunctionField<IppEntry>
          source="originIp"
          label={label('originIp')}
          render={(r) => <code data-testid="ipp-origin">{r.originIp}</code>}
        />
        <FunctionField<IppEntry> source="protocol" label={label('protocol')} render={(r) => r.protocol} />
        <FunctionField<IppEntry>
          source="ports"
          label={label('ports')}
          sortable={false}
          render={(r) => <Box sx={{ maxWidth: 220 }}>{portSummary(r.ports, r.ranges)}</Box>}
        />
        <FunctionField<IppEntry> source="cname" label={label('cname')} render={(r) => <code>{r.cname}</code>} />
        <FunctionField<IppEntry> source="status" label={label('status')} render={(r) => <StatusCell entry={r} />} />
        <FunctionField<IppEntry> source="remark" label={label('remark')} render={(r) => r.remark} />
        <FunctionField<IppEntry>
          source="updateTime"
          label={label('updateTime')}
          render={(r) => <span style={{ whiteSpace: 'nowrap' }}>{formatIppTime(r.updateTime)}</span>}
        />
        <FunctionField<IppEntry> label="" render={(r) => <RowActions entry={r} canWrite={canWrite} />} />
      </Datagrid>
    </PortalList>
  );
}

export const DcdnIppList = () => <IppList resource="dcdn/ipset" />;
