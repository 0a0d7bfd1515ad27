import { useEffect } from 'react';
import { Typography } from '@mui/material';
import LanguageIcon from '@mui/icons-material/Language';
import { CreateButton, Datagrid, TextInput, useListContext, useTranslate } from 'react-admin';
import { OfflineNodesNotice } from './OfflineNodesNotice';
import type { Domain } from '../../common/wire/domains';
import { DOMAIN_PROTOCOLS, DOMAIN_SCOPES, DOMAIN_STATUSES, FILTER_DOMAIN_TYPES } from '../../common/rules/domains/index';
import { DomainRowActions } from './DomainActions';
import { DateTimeField, HttpsField, NameField, OperationField, StatusField, ValueField } from './DomainChips';
import { domainExporter } from './domainExporter';
import { choicesOf, fieldLabel, useCanOperateDomains } from './domainUi';
import { ListEmpty } from '../../src/kit/QueryView';
import { PortalList } from '../../src/kit/PortalList';
import { ListActions, selectFilter } from '../../src/kit/ListParts';

/** How often the list reloads while a row is configuring (the issuing job takes seconds). */
export const CONFIGURING_POLL_MS = 2500;

const filters = [
  <TextInput key="name" source="name" label={fieldLabel('name')} alwaysOn resettable sx={{ width: 190 }} />,
  <TextInput key="textSearch" source="textSearch" label={fieldLabel('textSearch')} alwaysOn resettable sx={{ width: 190 }} />,
  selectFilter('type', fieldLabel('type'), choicesOf('type', FILTER_DOMAIN_TYPES), { minWidth: 150, maxWidth: 260 }, { multiple: true }),
  selectFilter('status', fieldLabel('status'), choicesOf('status', DOMAIN_STATUSES), { minWidth: 130, maxWidth: 260 }, { multiple: true }),
  selectFilter('scope', fieldLabel('scope'), choicesOf('scope', DOMAIN_SCOPES), { minWidth: 180 }, { multiple: true, hidden: true }),
  selectFilter('protocol', fieldLabel('protocol'), choicesOf('protocol', DOMAIN_PROTOCOLS), { minWidth: 140 }, { hidden: true }),
  <TextInput key="domainLabel" source="domainLabel" label={fieldLabel('domainLabel')} resettable />,
  <TextInput key="certificateName" source="certificateName" label={fieldLabel('certificateName')} resettable />,
];

/** Reloads the page of rows every few seconds while any of them is configuring, then stops. */
export function ConfiguringPoll({ intervalMs = CONFIGURING_POLL_MS }: { intervalMs?: number }) {
  const { data, refetch } = useListContext<Domain>();
  const translate = useTranslate();
  const busy = (data ?? []).some((d) => d.operationState === 'configuring');
  useEffect(() => {
    if (!busy) return undefined;
    const timer = setInterval(() => void refetch(), intervalMs);
    return () => clearInterval(timer);
  }, [busy, refetch, intervalMs]);
  if (!busy) return null;
  return (
    <Typography variant="caption" color="warning.main" sx={{ px: 2, display: 'block' }} data-testid="configuring-hint">
      {translate('resources.cdn/domain.list.configuringHint')}
    </Typography>
  );
}

function DomainListActions({ canOperate }: { canOperate: boolean }) {
  const translate = useTranslate();
  return (
    <ListActions exporter={domainExporter(translate)}>
      {canOperate && <CreateButton label={translate('resources.cdn/domain.actions.add')} />}
    </ListActions>
  );
}

function Empty() {
  return (
    <ListEmpty
      text="resources.cdn/domain.list.noDomains"
      testId="domains-empty"
      icon={<LanguageIcon sx={{ fontSize: 48, opacity: 0.4 }} />}
    />
  );
}

/** /cdn/domain: the accelerated domains in the user's scope, paged and sorted by the server. */
export function DomainList() {
  const canOperate = useCanOperateDomains();
  return (
    <PortalList
      title="resources.cdn/domain.listTitle"
      filters={filters}
      actions={<DomainListActions canOperate={canOperate} />}
      disableSyncWithLocation={false}
    >
      <ConfiguringPoll />
      <OfflineNodesNotice />
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        empty={<Empty />}
        sx={{ '& .MuiTableCell-root': { px: 1 }, '& .RaDatagrid-rowCell': { py: 0.75 } }}
      >
        <NameField source="name" label={fieldLabel('name')} />
        <ValueField source="type" group="type" label={fieldLabel('type')} />
        <ValueField source="scope" group="scope" label={fieldLabel('scope')} />
        <HttpsField source="protocol" label={fieldLabel('https')} sortable={false} />
        <StatusField source="status" label={fieldLabel('status')} />
        <OperationField source="operationState" label={fieldLabel('operationState')} />
        <ValueField source="deliveryType" group="deliveryType" label={fieldLabel('deliveryType')} sortable={false} />
        <DateTimeField source="createTime" label={fieldLabel('createTime')} />
        <DomainRowActions canOperate={canOperate} label="resources.cdn/domain.list.actions" />
      </Datagrid>
    </PortalList>
  );
}
