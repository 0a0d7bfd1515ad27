import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import { Edit, SimpleForm, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { WebsiteInputs } from './WebsiteInputs';
import { PolicyPanel } from './PolicyPanel';
import { RulePanel } from './RulePanel';
import { TestRequestPanel } from './TestRequestPanel';
import { WEBSITE_RESOURCE } from '../../dataProviders/impapi/websites';
import { PageHeading } from '../../src/kit/PageHeading';
import { useSaveFailure } from '../../src/kit/staleWrite';
import type { Website } from '../../common/wire/websites';

function Sections() {
  const w = useRecordContext<Website>();
  const translate = useTranslate();
  if (!w) return null;
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Card>
        <CardContent>
          <Typography variant="h6">{translate('resources.dcdn/website.policies')}</Typography>
          <Divider sx={{ my: 1 }} />
          <PolicyPanel websiteId={w.id} />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6">{translate('resources.dcdn/website.rules')}</Typography>
          <Divider sx={{ my: 1 }} />
          <RulePanel websiteId={w.id} />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6">{translate('resources.dcdn/website.test.title')}</Typography>
          <Divider sx={{ my: 1 }} />
          <TestRequestPanel websiteId={w.id} />
        </CardContent>
      </Card>
    </Box>
  );
}

/** Edit a protected website, with its policies, rules and the request test; after an update the product goes to /dcdn/website. */
export function WebsiteEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const title = translate('resources.dcdn/website.editTitle');
  const { onError, staleDialog } = useSaveFailure();
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      {staleDialog}
      <Edit
        title={title}
        mutationMode="pessimistic"
        mutationOptions={{
          onSuccess: () => {
            notify('resources.dcdn/website.updated', { type: 'success' });
            redirect('list', WEBSITE_RESOURCE);
          },
          onError,
        }}
        aside={undefined}
      >
        <SimpleForm>
          <WebsiteInputs create={false} />
        </SimpleForm>
        <Sections />
      </Edit>
    </Box>
  );
}
