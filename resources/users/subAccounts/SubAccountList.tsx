import { Alert, Box, Card, CardContent } from '@mui/material';
import GroupWorkOutlinedIcon from '@mui/icons-material/GroupWorkOutlined';
import {
  CreateButton,
  Datagrid,
  DateField,
  EditButton,
  Pagination,
  required,
  SelectInput,
  TextField,
  TopToolbar,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { accountChoices, canManageSubAccounts } from './accountChoices';
import { SubAccountDeleteButton } from './SubAccountDeleteButton';
import { PageHeading } from '../../../src/kit/PageHeading';
import { PortalList } from '../../../src/kit/PortalList';
import { useCanOperate } from '../../../src/auth/useCanOperate';
import { SUB_ACCOUNT_RESOURCE } from '../../../dataProviders/cloud/users';
import { ListEmpty } from '../../../src/kit/QueryView';

function Notice({ message, severity = 'info' }: { message: string; severity?: 'info' | 'warning' }) {
  return (
    <Card>
      <CardContent>
        <Alert severity={severity} data-testid="sub-accounts-notice">
          {message}
        </Alert>
      </CardContent>
    </Card>
  );
}

function NoSubAccounts() {
  return (
    <ListEmpty
      text="resources.page/userAccount.noSubAccounts"
      testId="sub-accounts-empty"
      icon={<GroupWorkOutlinedIcon sx={{ fontSize: 48, opacity: 0.5 }} />}
    />
  );
}

/** Create opens with the account chosen in the list as parent. */
function ListActions({ operate }: { operate: boolean }) {
  const { filterValues } = useListContext();
  const customer = typeof filterValues.customer === 'string' ? filterValues.customer : undefined;
  return <TopToolbar>{operate && <CreateButton state={customer ? { record: { customer } } : undefined} />}</TopToolbar>;
}

/** /page/userAccount: the sub-accounts of the user's account (or a chosen one), newest first. */
export function SubAccountList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const title = translate('resources.page/userAccount.title');
  const operate = useCanOperate(SUB_ACCOUNT_RESOURCE);
  if (!canManageSubAccounts()) {
    return (
      <Box>
        <PageHeading>{title}</PageHeading>
        <Notice severity="warning" message={translate('resources.page/userAccount.notMainAccount')} />
      </Box>
    );
  }
  const choices = accountChoices();
  if (!choices.length) {
    return (
      <Box>
        <PageHeading>{title}</PageHeading>
        <Notice message={translate('resources.page/userAccount.noAccountToChoose')} />
      </Box>
    );
  }
  // Staff pick a customer; a customer with a deeper tree may pick one of its own accounts.
  const filters =
    choices.length > 1
      ? [<SelectInput key="customer" source="customer" choices={choices} alwaysOn validate={required()} sx={{ minWidth: 260 }} />]
      : undefined;
  return (
    <PortalList
      title="resources.page/userAccount.title"
      filters={filters}
      filterDefaultValues={filters ? { customer: choices[0].id } : undefined}
      actions={<ListActions operate={operate} />}
      exporter={false}
      sort={{ field: 'id', order: 'ASC' }}
      perPage={25}
      pagination={<Pagination />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<NoSubAccounts />}>
        <TextField source="identity" sortable={false} />
        <TextField source="companyName" sortable={false} />
        <TextField source="email" sortable={false} />
        <DateField source="createTime" showTime sortable={false} locales={locale === 'zh' ? 'zh-CN' : 'en-GB'} />
        {operate && <EditButton />}
        {operate && <SubAccountDeleteButton />}
      </Datagrid>
    </PortalList>
  );
}
