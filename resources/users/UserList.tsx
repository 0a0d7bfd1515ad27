import { Box, Typography } from '@mui/material';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import {
  CreateButton,
  Datagrid,
  DateField,
  DeleteWithConfirmButton,
  EditButton,
  FunctionField,
  Pagination,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import type { SubUserRecord } from '../../dataProviders/shiro/users';
import { PortalList } from '../../src/kit/PortalList';
import { EnabledSwitch } from './EnabledSwitch';
import { PermissionSummary } from './PermissionSummary';
import { useCanOperate } from '../../src/auth/useCanOperate';
import { USER_RESOURCE } from '../../dataProviders/shiro/users';
import { ListEmpty } from '../../src/kit/QueryView';

const userFilters = (translate: (key: string) => string) => [
  <SearchInput key="username" source="username" alwaysOn placeholder={translate('resources.page/user.searchUsername')} />,
  <TextInput key="email" source="email" />,
  <SelectInput
    key="enabled"
    source="enabled"
    choices={[
      { id: 'true', name: 'resources.page/user.enabledOn' },
      { id: 'false', name: 'resources.page/user.enabledOff' },
    ]}
  />,
];

/** A long address may wrap before its '@', nowhere else. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function AccountCell({ record }: { record: SubUserRecord }) {
  return (
    <Box>
      <Typography variant="body2">{record.accountName || record.account}</Typography>
      {record.accountName && record.accountName !== record.account && (
        <Typography variant="caption" color="text.secondary">
          {record.account}
        </Typography>
      )}
    </Box>
  );
}

function NoUsers() {
  return (
    <ListEmpty text="resources.page/user.empty" testId="users-empty" icon={<PeopleAltOutlinedIcon sx={{ fontSize: 48, opacity: 0.5 }} />} />
  );
}

/** /page/user: the tenant's sub-users, newest first; write buttons only with the operation right. */
export function UserList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const operate = useCanOperate(USER_RESOURCE);
  const dateLocale = locale === 'zh' ? 'zh-CN' : 'en-GB';
  return (
    <PortalList
      title="resources.page/user.title"
      filters={userFilters(translate)}
      actions={<TopToolbar>{operate && <CreateButton />}</TopToolbar>}
      exporter={false}
      perPage={10}
      pagination={<Pagination />}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        empty={<NoUsers />}
        sx={{ '& .RaDatagrid-headerCell': { whiteSpace: 'nowrap' } }}
      >
        <TextField source="username" sortable={false} />
        <FunctionField<SubUserRecord> source="email" sortable={false} render={(r) => <EmailText email={r.email} />} />
        <FunctionField<SubUserRecord> source="account" sortable={false} render={(r) => <AccountCell record={r} />} />
        <TextField source="creator" sortable={false} emptyText="-" />
        <DateField source="createTime" showTime sortable={false} locales={dateLocale} />
        <DateField source="updateTime" showTime sortable={false} locales={dateLocale} />
        <FunctionField source="enabled" sortable={false} render={() => <EnabledSwitch operate={operate} />} />
        <FunctionField source="permissions" sortable={false} render={() => <PermissionSummary />} />
        {operate && (
          <FunctionField<SubUserRecord>
            label=""
            render={(r) => (
              <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
                <EditButton />
                <DeleteWithConfirmButton
                  mutationMode="pessimistic"
                  confirmTitle="resources.page/user.deleteTitle"
                  confirmContent="resources.page/user.deleteContent"
                  translateOptions={{ username: r.username }}
                />
              </Box>
            )}
          />
        )}
      </Datagrid>
    </PortalList>
  );
}
