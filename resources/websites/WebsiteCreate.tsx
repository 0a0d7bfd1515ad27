import { Create, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { WebsiteInputs, NEW_WEBSITE } from './WebsiteInputs';
import { validateWebsiteForm } from './validators';
import { WEBSITE_RESOURCE } from '../../dataProviders/impapi/websites';

/** Add a protected website; after the create the product goes to /dcdn/website (spec §2). */
export function WebsiteCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title={translate('portal.websites.createTitle')}
      mutationOptions={{
        onSuccess: () => {
          notify('portal.websites.created', { type: 'success' });
          redirect('list', WEBSITE_RESOURCE);
        },
      }}
    >
      <SimpleForm defaultValues={NEW_WEBSITE} validate={validateWebsiteForm}>
        <WebsiteInputs create />
      </SimpleForm>
    </Create>
  );
}
