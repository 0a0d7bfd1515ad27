import { Chip } from '@mui/material';
import { Datagrid, FunctionField, TextField, TextInput, useTranslate } from 'react-admin';
import type { LiveDomain } from '../../../common/wire/domains';
import { DOMAIN_STATUSES } from '../../../common/rules/domains/index';
import { OperationChip, StatusChip } from '../DomainChips';
import { formatDateTime } from '../../../src/lib/dateTime';
import { ListEmpty } from '../../../src/kit/QueryView';
import { PortalList } from '../../../src/kit/PortalList';
import { ListActions, listExporter, namedChoices, selectFilter, type ExportColumns } from '../../../src/kit/ListParts';

export const LIVE_DOMAIN_RESOURCE = 'cdn/liveDomain';
const label = (f: string) => `resources.${LIVE_DOMAIN_RESOURCE}.fields.${f}`;
const LIVE_TYPES = ['live_push', 'live_pull'] as const;

const filters = [
  <TextInput key="name" source="name" label={label('name')} alwaysOn resettable />,
  selectFilter(
    'type',
    label('type'),
    namedChoices(LIVE_TYPES, 'resources.cdn/liveDomain.values.type'),
    { minWidth: 160 },
    { multiple: true },
  ),
  selectFilter(
    'status',
    label('status'),
    namedChoices(DOMAIN_STATUSES, 'resources.cdn/domain.values.status'),
    { minWidth: 140 },
    { multiple: true },
  ),
  <TextInput key="customer" source="customer" label={label('customer')} resettable />,
];

const COLUMNS: ExportColumns<LiveDomain> = [
  ['name', (d) => d.name],
  ['customer', (d) => d.customer],
  ['belongDomainGroup', (d) => d.belongDomainGroup],
  ['type', (d, t) => t(`resources.cdn/liveDomain.values.type.${d.type}`)],
  ['protocol', (d, t) => t(`resources.cdn/liveDomain.values.protocol.${d.protocol}`, { _: d.protocol })],
  ['status', (d, t) => t(`resources.cdn/domain.values.status.${d.status}`)],
  ['cname', (d) => d.cname],
  ['createTime', (d) => formatDateTime(d.createTime)],
];

/** /cdn/liveDomain: live push / pull domains (superadmin all; others where customer or sub-account is theirs). */
export function LiveDomainList() {
  const t = useTranslate();
  return (
    <PortalList
      title="resources.cdn/liveDomain.title"
      filters={filters}
      actions={<ListActions exporter={listExporter(COLUMNS, label, t, 'live-domains')} />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<ListEmpty text="resources.cdn/liveDomain.empty" />}>
        <TextField source="name" label={label('name')} />
        <TextField source="customer" label={label('customer')} />
        <FunctionField<LiveDomain>
          source="belongDomainGroup"
          label={label('belongDomainGroup')}
          sortable={false}
          render={(d) => d.belongDomainGroup || '—'}
        />
        <FunctionField<LiveDomain>
          source="type"
          label={label('type')}
          render={(d) => <Chip size="small" variant="outlined" label={t(`resources.cdn/liveDomain.values.type.${d.type}`)} />}
        />
        <FunctionField<LiveDomain>
          source="protocol"
          label={label('protocol')}
          sortable={false}
          render={(d) => t(`resources.cdn/liveDomain.values.protocol.${d.protocol}`, { _: d.protocol })}
        />
        <FunctionField<LiveDomain> source="status" label={label('status')} render={(d) => <StatusChip status={d.status} />} />
        <FunctionField<LiveDomain>
          source="operationState"
          label={label('operationState')}
          sortable={false}
          render={(d) => <OperationChip state={d.operationState} />}
        />
        <FunctionField<LiveDomain>
          source="createTime"
          label={label('createTime')}
          render={(d) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.createTime, false)}</span>}
        />
      </Datagrid>
    </PortalList>
  );
}
