import { Alert, Box } from '@mui/material';
import { SimpleForm, useTranslate } from 'react-admin';
import { accountChoices, canManageSubAccounts } from './accountChoices';
import { SubAccountCreateInputs } from './SubAccountInputs';
import { PageHeading } from '../../../src/kit/PageHeading';
import { PortalCreate } from '../../../src/kit/PortalCreate';
import { refreshUserInfo } from './refreshUserInfo';
import { SUB_ACCOUNT_RESOURCE } from '../../../dataProviders/cloud/users';

/** New sub-account under the user's own account (or the account chosen in the list). */
export function SubAccountCreate() {
  const translate = useTranslate();
  const title = translate('resources.page/userAccount.createTitle');
  const choices = accountChoices();
  const blocked = !canManageSubAccounts() ? 'notMainAccount' : !choices.length ? 'noAccountToChoose' : null;
  if (blocked) {
    return (
      <Box>
        <PageHeading>{title}</PageHeading>
        <Alert severity={blocked === 'notMainAccount' ? 'warning' : 'info'} data-testid="sub-accounts-notice">
          {translate(`resources.page/userAccount.${blocked}`)}
        </Alert>
      </Box>
    );
  }
  return (
    <PortalCreate
      title="resources.page/userAccount.createTitle"
      created="resources.page/userAccount.created"
      resource={SUB_ACCOUNT_RESOURCE}
      afterCreate={refreshUserInfo}
    >
      <SimpleForm defaultValues={{ customer: choices[0].id }}>
        <SubAccountCreateInputs />
      </SimpleForm>
    </PortalCreate>
  );
}
