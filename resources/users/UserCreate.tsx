import { SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { USER_RESOURCE } from '../../dataProviders/shiro/users';
import { UserInputs } from './UserInputs';
import { PortalCreate } from '../../src/kit/PortalCreate';

/** New sub-user of the signed-in user's tenant. */
export function UserCreate() {
  return (
    <PortalCreate title="resources.page/user.createTitle" created="resources.page/user.created" resource={USER_RESOURCE}>
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
    </PortalCreate>
  );
}
