import { useEffect, useState } from 'react';
import { Box, LinearProgress } from '@mui/material';
import { Create, SimpleForm, useDataProvider, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import { WebsiteInputs, NEW_WEBSITE } from './WebsiteInputs';
import { WEBSITE_RESOURCE } from '../../dataProviders/impapi/websites';
import { PageHeading } from '../../src/kit/PageHeading';

/** Add a protected website; after the create the product goes to /dcdn/website (spec §2). */
export function WebsiteCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<PortalDataProvider>();
  // The protection address: a fresh random label from the server, before the form opens.
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    void dataProvider.websiteRandomAddress().then(setAddress, () => setAddress(''));
  }, [dataProvider]);
  const title = translate('resources.dcdn/website.createTitle');
  if (address === null) return <LinearProgress />;
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      <Create
        title={title}
        mutationOptions={{
          onSuccess: () => {
            notify('resources.dcdn/website.created', { type: 'success' });
            redirect('list', WEBSITE_RESOURCE);
          },
        }}
      >
        <SimpleForm defaultValues={{ ...NEW_WEBSITE, protectionAddress: address }}>
          <WebsiteInputs create />
        </SimpleForm>
      </Create>
    </Box>
  );
}
