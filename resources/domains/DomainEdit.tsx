import { Alert, Box } from '@mui/material';
import { Edit, ListButton, useRecordContext, useTranslate } from 'react-admin';
import type { Domain } from '../../dataProviders/api/domainTypes';
import { DomainHeading } from './DomainList';
import { blockMessage, configBlock } from './domainUi';
import { DomainForm } from './form/DomainForm';

/** The form, or why the domain cannot be edited now (configuring, disabled, frozen). */
function EditContent() {
  const domain = useRecordContext<Domain>();
  const t = useTranslate();
  if (!domain) return null;
  const blocked = configBlock(domain);
  if (blocked) {
    return (
      <Alert severity="warning" sx={{ m: 2 }} action={<ListButton />} data-testid="edit-blocked-notice">
        {t(blockMessage(blocked))}
      </Alert>
    );
  }
  return <DomainForm record={domain} />;
}

function EditHeading() {
  const domain = useRecordContext<Domain>();
  const t = useTranslate();
  return <DomainHeading text={t('portal.domains.editTitle', { name: domain?.name ?? '' })} />;
}

/** Edit a domain; the save is issued asynchronously (the list shows configuring → configured). */
export function DomainEdit() {
  const t = useTranslate();
  return (
    <Box>
      <Edit title={t('portal.domains.listTitle')} mutationMode="pessimistic" actions={false}>
        <EditHeading />
        <EditContent />
      </Edit>
    </Box>
  );
}
