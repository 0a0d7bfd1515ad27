import { Box } from '@mui/material';
import {
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { USER_RESOURCE, type SubUserRecord } from '../../dataProviders/shiro/users';
import { PageHeading } from '../../src/kit/PageHeading';
import { useSaveFailure } from '../../src/kit/staleWrite';
import { UserInputs } from './UserInputs';

function EditToolbar() {
  const record = useRecordContext<SubUserRecord>();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        confirmTitle="resources.page/user.deleteTitle"
        confirmContent="resources.page/user.deleteContent"
        translateOptions={{ username: record?.username ?? '' }}
      />
    </Toolbar>
  );
}

function EditTitle() {
  const translate = useTranslate();
  const record = useRecordContext<SubUserRecord>();
  return <PageHeading>{translate('resources.page/user.editTitle', { username: record?.username ?? '' })}</PageHeading>;
}

/** Edit a sub-user: identity, password (empty keeps it), accounts and rights. */
export function UserEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const { onError, staleDialog } = useSaveFailure();
  return (
    <Box>
      {staleDialog}
      <Edit
        title={translate('resources.page/user.title')}
        mutationMode="pessimistic"
        actions={false}
        mutationOptions={{
          onSuccess: () => {
            notify('resources.page/user.updated', { type: 'success' });
            redirect('list', USER_RESOURCE);
          },
          onError,
        }}
        component="div"
      >
        <EditTitle />
        <Box sx={{ bgcolor: 'background.paper', borderRadius: 1, boxShadow: 1 }}>
          <SimpleForm mode="onBlur" reValidateMode="onChange" toolbar={<EditToolbar />}>
            <UserInputs mode="edit" />
          </SimpleForm>
        </Box>
      </Edit>
    </Box>
  );
}
