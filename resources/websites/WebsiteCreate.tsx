import { useState } from 'react';
import {} from '@mui/material';
import { SimpleForm } from 'react-admin';
import { WebsiteInputs, NEW_WEBSITE } from './WebsiteInputs';
import { WEBSITE_RESOURCE } from '../../dataProviders/impapi/websites';
import { PortalCreate } from '../../src/kit/PortalCreate';
import { usePortalQuery } from '../../src/kit/usePortalQuery';
import { ProgressBar } from '../../src/kit/Progress';

/** Add a protected website; after the create the product goes to /dcdn/website (spec §2). */
export function WebsiteCreate() {
  // The protection address: a fresh random label from the server (one per visit), before the form opens.
  const [visit] = useState(() => Math.random());
  const random = usePortalQuery(['websiteRandomAddress', visit], (dp) => dp.websiteRandomAddress());
  const address = random.failure ? '' : (random.data ?? null);
  if (address === null) return <ProgressBar />;
  return (
    <PortalCreate title="resources.dcdn/website.createTitle" created="resources.dcdn/website.created" resource={WEBSITE_RESOURCE}>
      <SimpleForm defaultValues={{ ...NEW_WEBSITE, protectionAddress: address }}>
        <WebsiteInputs create />
      </SimpleForm>
    </PortalCreate>
  );
}
