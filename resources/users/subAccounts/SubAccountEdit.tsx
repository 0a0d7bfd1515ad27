import { Alert, Box } from '@mui/material';
import { Edit, SaveButton, SimpleForm, TextInput, Toolbar, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { canManageSubAccounts } from './accountChoices';
import { SubAccountContactInputs } from './SubAccountInputs';
import { PageHeading } from '../../../src/kit/PageHeading';
import { SubAccountDeleteButton } from './SubAccountDeleteButton';
import { refreshUserInfo } from './refreshUserInfo';
import { SUB_ACCOUNT_RESOURCE } from '../../../dataProviders/cloud/users';

function EditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <SubAccountDeleteButton />
    </Toolbar>
  );
}

/** Company name and email of a sub-account; its identity cannot change. */
export function SubAccountEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const { id = '' } = useParams();
  const title = translate('resources.page/userAccount.editTitle', { identity: decodeURIComponent(id) });
  if (!canManageSubAccounts()) {
    return (
      <Box>
        <PageHeading>{title}</PageHeading>
        <Alert severity="warning" data-testid="sub-accounts-notice">
          {translate('resources.page/userAccount.notMainAccount')}
        </Alert>
      </Box>
    );
  }
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      <Edit
        title={title}
        mutationMode="pessimistic"
        mutationOptions={{
          onSuccess: async () => {
            notify('resources.page/userAccount.updated', { type: 'success' });
            // company names are the titles of the stored account tree
            await refreshUserInfo();
            redirect('list', SUB_ACCOUNT_RESOURCE);
          },
        }}
      >
        <SimpleForm toolbar={<EditToolbar />}>
          <TextInput source="identity" readOnly fullWidth sx={{ maxWidth: 480 }} />
          <SubAccountContactInputs />
        </SimpleForm>
      </Edit>
    </Box>
  );
}
