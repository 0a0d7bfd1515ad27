import { Button, Typography } from '@mui/material';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  SelectInput,
  TextInput,
  TopToolbar,
  useCreatePath,
  useListContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { Certificate } from '../../common/wire/certificates';
import { CertificateRowActions } from './CertificateActions';
import { BoundDomainsField, DnsNamesField, NameField, SharedWithField } from './CertificateFields';
import { DeletionStatusField, DeletionWatch } from './DeletionStatus';
import { ExpiryField } from './ExpiryField';
import { CERTIFICATE_RESOURCE, fieldLabel, formatDate, t, useCanOperateCertificates } from './certificateUi';
import { formatDateTime } from '../../src/lib/dateTime';
import { ListEmpty } from '../../src/kit/QueryView';
import { PortalList } from '../../src/kit/PortalList';

const filters = [
  <TextInput key="name" source="name" label={t('filters.name')} alwaysOn resettable sx={{ minWidth: 200 }} />,
  <TextInput key="domain" source="domain" label={t('filters.domain')} alwaysOn resettable sx={{ minWidth: 200 }} />,
  <SelectInput
    key="expiry"
    source="expiry"
    label={t('filters.expiry')}
    alwaysOn
    choices={(['valid', 'expiring', 'expired'] as const).map((id) => ({ id, name: t(`expiry.${id}`) }))}
    sx={{ minWidth: 160 }}
  />,
];

function ListActions({ canOperate }: { canOperate: boolean }) {
  const translate = useTranslate();
  return <TopToolbar>{canOperate && <CreateButton label={translate(t('actions.upload'))} data-testid="certificate-upload" />}</TopToolbar>;
}

function Empty() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const canOperate = useCanOperateCertificates();
  const { filterValues } = useListContext();
  const filtered = Object.values(filterValues ?? {}).some((v) => v !== undefined && v !== '');
  return (
    <ListEmpty
      text={filtered ? 'ra.navigation.no_results' : t('empty')}
      textArgs={{ name: translate(t('name'), { smart_count: 2 }) }}
      testId="certificates-empty"
      icon={<VerifiedUserOutlinedIcon sx={{ fontSize: 48, opacity: 0.4 }} />}
    >
      {!filtered && canOperate && (
        <>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate(t('emptyUpload'))}
          </Typography>
          <Button variant="contained" component={Link} to={createPath({ resource: CERTIFICATE_RESOURCE, type: 'create' })}>
            {translate(t('actions.upload'))}
          </Button>
        </>
      )}
    </ListEmpty>
  );
}

function Rows() {
  const { refetch } = useListContext<Certificate>();
  return (
    <>
      <DeletionWatch />
      <Datagrid
        bulkActionButtons={false}
        rowClick="show"
        empty={<Empty />}
        sx={{ '& .RaDatagrid-rowCell': { py: 0.75, px: 1, verticalAlign: 'top' }, '& .RaDatagrid-headerCell': { px: 1 } }}
      >
        <NameField source="name" label={fieldLabel('name')} />
        <DnsNamesField label={fieldLabel('dnsNames')} sortable={false} />
        <ExpiryField source="expireTime" label={fieldLabel('expireTime')} />
        <BoundDomainsField label={fieldLabel('bindDomains')} sortable={false} />
        <SharedWithField label={fieldLabel('shareAccounts')} sortable={false} />
        <DeletionStatusField label={fieldLabel('status')} />
        <FunctionField<Certificate>
          source="createTime"
          label={fieldLabel('createTime')}
          render={(c) => (
            <span style={{ whiteSpace: 'nowrap' }} title={formatDateTime(c.createTime)}>
              {formatDate(c.createTime)}
            </span>
          )}
        />
        <CertificateRowActions label={t('fields.actions')} onChanged={() => void refetch()} />
      </Datagrid>
    </>
  );
}

/** /page/certificateUpload: certificates listed by user type, or searched with filters. */
export function CertificateList() {
  const canOperate = useCanOperateCertificates();
  return (
    <PortalList title={t('titles.list')} filters={filters} actions={<ListActions canOperate={canOperate} />} perPage={10}>
      <Rows />
    </PortalList>
  );
}
