import { Box, Tooltip, Typography } from '@mui/material';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import { BooleanInput, Datagrid, FunctionField, SearchInput, SelectInput, useTranslate, type TranslateFunction } from 'react-admin';
import type { Host, HostCustomer } from '../../common/wire/hosts';
import { readUserInfo } from '../../src/auth/storage';
import { isSuperRole } from '../../common/rules/shell/permissions';
import { HOST_STATUSES, type HostType } from '../../common/rules/hosts';
import { formatCpu, formatHostTime, HostStatusChip, useAreaName, useAreas, useHostCustomers } from './hostUi';
import { RenameField } from './RenameField';
import { ListEmpty } from '../../src/kit/QueryView';
import { PortalList } from '../../src/kit/PortalList';
import { ListActions, listExporter, namedChoices, selectFilter, type ExportColumns } from '../../src/kit/ListParts';

const label = (f: string) => `resources.cdn/cloudHostList.fields.${f}`;
const WARNING_ROW = { backgroundColor: 'rgba(237, 108, 2, 0.10)' };

function useFilters() {
  const t = useTranslate();
  const areas = useAreas();
  const areaName = useAreaName();
  const staff = isSuperRole(readUserInfo()?.role);
  const customers = useHostCustomers(staff);
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('resources.cdn/cloudHostList.filters.search')} sx={{ minWidth: 240 }} />,
    <SelectInput
      key="area"
      source="area"
      label={label('area')}
      choices={areas.map((a) => ({ id: a.code, name: areaName(a.code) }))}
      translateChoice={false}
      alwaysOn
      sx={{ minWidth: 160 }}
    />,
    selectFilter('status', label('status'), namedChoices(HOST_STATUSES, 'resources.cdn/cloudHostList.status'), { minWidth: 130 }),
    <BooleanInput key="expiring" source="expiring" label="resources.cdn/cloudHostList.filters.expiring" alwaysOn sx={{ mt: 1.5 }} />,
    ...(staff
      ? [
          <SelectInput
            key="customer"
            source="customer"
            label="resources.cdn/cloudHostList.filters.customer"
            alwaysOn
            translateChoice={false}
            sx={{ minWidth: 160 }}
            choices={customers.map((c: HostCustomer) => ({ id: c.account, name: `${c.account} (${c.companyName})` }))}
          />,
        ]
      : []),
  ];
}

const COLUMNS: Array<[string, (r: Host, t: TranslateFunction, area: (c: string) => string) => string]> = [
  ['id', (r) => String(r.id)],
  ['hostName', (r) => r.hostName],
  ['instanceId', (r) => r.instanceId],
  ['publicIp', (r) => r.publicIp],
  ['privateIp', (r) => r.privateIp],
  ['area', (r, _t, area) => area(r.area)],
  ['account', (r) => r.account],
  ['cpuCores', (r) => String(r.cpuCores)],
  ['memoryGb', (r) => String(r.memoryGb)],
  ['diskGb', (r) => String(r.diskGb)],
  ['bandwidthMbps', (r) => String(r.bandwidthMbps)],
  ['os', (r) => r.os],
  ['status', (r, t) => t(`resources.cdn/cloudHostList.status.${r.status}`)],
  ['cpu', (r) => formatCpu(r.cpuAvg, r.cpuPeak)],
  ['createTime', (r) => formatHostTime(r.createTime)],
  ['expireTime', (r) => formatHostTime(r.expireTime)],
];

/** The export's columns, with the area's name in the current language. */
const exportColumns = (area: (c: string) => string): ExportColumns<Host> => COLUMNS.map(([f, v]) => [f, (r, t) => v(r, t, area)]);

function ExpireCell({ host }: { host: Host }) {
  const t = useTranslate();
  const text = formatHostTime(host.expireTime);
  if (!host.expiringSoon) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  return (
    <Tooltip title={t('resources.cdn/cloudHostList.expiringSoon')}>
      <Box
        component="span"
        sx={{ color: 'warning.dark', fontWeight: 500, whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        data-testid="host-expiring"
      >
        <WarningAmberOutlinedIcon fontSize="inherit" />
        {text}
      </Box>
    </Tooltip>
  );
}

/** The VPS list (/cdn/cloudHostList) or the dedicated-server list (/cdn/specialHostList). */
export function HostList({ type }: { type: HostType }) {
  const t = useTranslate();
  const areaName = useAreaName();
  const filters = useFilters();
  const staff = isSuperRole(readUserInfo()?.role);
  return (
    <PortalList
      title={type === 'vps' ? 'resources.cdn/cloudHostList.title' : 'resources.cdn/specialHostList.title'}
      filters={filters}
      // At 1440 px the columns can be wider than the page (English labels, staff's account column): the
      // card takes the page's width (width 0 keeps the table out of the layout's minimum) and scrolls.
      sx={{ '& .RaList-content': { overflowX: 'auto', width: 0, minWidth: '100%' } }}
      actions={
        <ListActions
          exporter={listExporter(exportColumns(areaName), label, t, type === 'vps' ? 'vps-hosts' : 'dedicated-servers')}
          filterButton={false}
        />
      }
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick="show"
        empty={<ListEmpty text="resources.cdn/cloudHostList.noHosts" testId="hosts-empty" />}
        sx={{ '& .MuiTableCell-root': { px: 1 } }}
        rowSx={(r) => ((r as Host).expiringSoon ? WARNING_ROW : {})}
      >
        <FunctionField<Host> source="hostName" label={label('hostName')} render={() => <RenameField />} />
        <FunctionField<Host>
          source="instanceId"
          label={label('instanceId')}
          render={(r) => <code style={{ whiteSpace: 'nowrap' }}>{r.instanceId}</code>}
        />
        <FunctionField<Host>
          source="publicIp"
          label={label('publicIp')}
          render={(r) => (
            <span>
              {r.publicIp}
              <br />
              <Typography component="span" variant="caption" color="text.secondary">
                {r.privateIp}
              </Typography>
            </span>
          )}
        />
        <FunctionField<Host>
          source="area"
          label={label('area')}
          render={(r) => <span style={{ whiteSpace: 'nowrap' }}>{areaName(r.area)}</span>}
        />
        {staff && <FunctionField<Host> source="account" label={label('account')} render={(r) => r.account} />}
        <FunctionField<Host>
          source="cpuCores"
          label={label('spec')}
          render={(r) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              {t('resources.cdn/cloudHostList.specText', { cores: r.cpuCores, mem: r.memoryGb, disk: r.diskGb })}
            </span>
          )}
        />
        <FunctionField<Host> source="bandwidthMbps" label={label('bandwidthMbps')} render={(r) => r.bandwidthMbps} />
        <FunctionField<Host> source="status" label={label('status')} render={(r) => <HostStatusChip status={r.status} />} />
        <FunctionField<Host>
          source="cpuAvg"
          label={label('cpu')}
          sortable={false}
          render={(r) => (
            <span style={{ whiteSpace: 'nowrap' }} data-testid="host-cpu">
              {formatCpu(r.cpuAvg, r.cpuPeak)}
            </span>
          )}
        />
        <FunctionField<Host> source="expireTime" label={label('expireTime')} render={(r) => <ExpireCell host={r} />} />
      </Datagrid>
    </PortalList>
  );
}

export const VpsHostList = () => <HostList type="vps" />;
