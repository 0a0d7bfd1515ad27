import { Alert, Box } from '@mui/material';
import { EditBase, EditView, ListButton, useRecordContext, useTranslate } from 'react-admin';
import type { Domain } from '../../common/wire/domains';
import { PageHeading } from '../../src/kit/PageHeading';
import { blockMessage, configBlock, isFormType } from './domainUi';
import { DomainForm } from './form/DomainForm';

/** The form, or why the domain cannot be edited now (configuring, disabled, frozen). */
function EditContent() {
  const domain = useRecordContext<Domain>();
  const t = useTranslate();
  if (!domain) return null;
  if (!isFormType(domain)) {
    return (
      <Alert severity="info" sx={{ m: 2 }} action={<ListButton />}>
        {t('resources.cdn/domain.help.typeAddOnly')}
      </Alert>
    );
  }
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
  return domain ? <PageHeading>{t('resources.cdn/domain.editTitle', { name: domain.name })}</PageHeading> : null;
}

/** Edit a domain; the save is issued asynchronously (the list shows configuring → configured). */
export function DomainEdit() {
  const t = useTranslate();
  return (
    <Box>
      <EditBase mutationMode="pessimistic">
        <EditHeading />
        <EditView title={t('resources.cdn/domain.listTitle')} actions={false}>
          <EditContent />
        </EditView>
      </EditBase>
    </Box>
  );
}
