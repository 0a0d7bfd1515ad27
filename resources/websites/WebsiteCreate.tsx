import { useState } from 'react';
import { Box, LinearProgress } from '@mui/material';
import { Create, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { WebsiteInputs, NEW_WEBSITE } from './WebsiteInputs';
import { WEBSITE_RESOURCE } from '../../dataProviders/impapi/websites';
import { PageHeading } from '../../src/kit/PageHeading';
import { usePortalQuery } from '../../src/kit/usePortalQuery';

/** Add a protected website; after the create the product goes to /dcdn/website (spec §2). */
export function WebsiteCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  // The protection address: a fresh random label from the server (one per visit), before the form opens.
  const [visit] = useState(() => Math.random());
  const random = usePortalQuery(['websiteRandomAddress', visit], (dp) => dp.websiteRandomAddress());
  const address = random.failure ? '' : (random.data ?? null);
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
