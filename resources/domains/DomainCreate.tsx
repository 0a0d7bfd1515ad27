import { Box } from '@mui/material';
import { Create, useTranslate } from 'react-admin';
import { PageHeading } from '../../src/kit/PageHeading';
import { DomainForm } from './form/DomainForm';

/** Add a domain (download, vod or static). */
export function DomainCreate() {
  const t = useTranslate();
  const title = t('resources.cdn/domain.createTitle');
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      <Create title={title} redirect="list">
        <DomainForm />
      </Create>
    </Box>
  );
}
