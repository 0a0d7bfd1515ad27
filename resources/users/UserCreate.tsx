import { Box } from '@mui/material';
import { Create, SaveButton, SimpleForm, Toolbar, useNotify, useRedirect, useTranslate } from 'react-admin';
import { USER_RESOURCE } from '../../dataProviders/shiro/users';
import { UserInputs } from './UserInputs';
import { PageHeading } from '../../src/kit/PageHeading';

/** New sub-user of the signed-in user's tenant. */
export function UserCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const title = translate('resources.page/user.createTitle');
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      <Create
        title={title}
        mutationOptions={{
          onSuccess: () => {
            notify('resources.page/user.created', { type: 'success' });
            redirect('list', USER_RESOURCE);
          },
        }}
      >
        <SimpleForm
          defaultValues={{ permissions: [], accounts: [] }}
          mode="onBlur"
          reValidateMode="onChange"
          // Save stays clickable on the empty form, so a click shows every rule that is not met.
          toolbar={
            <Toolbar>
              <SaveButton alwaysEnable />
            </Toolbar>
          }
        >
          <UserInputs mode="create" />
        </SimpleForm>
      </Create>
    </Box>
  );
}
