import { Box } from '@mui/material';
import { Create, useTranslate } from 'react-admin';
import { IppForm, toBody, type IppFormValues } from './ippForm';
import { PageHeading } from '../../src/kit/PageHeading';

/** Add a protected IP; afterwards the product goes to /ipP/ipset (spec §2). */
export function IppCreate() {
  const t = useTranslate();
  const title = t('resources.ipP/ipset.createTitle');
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      <Create title={title} resource="ipP/ipset" redirect={() => '/ipP/ipset'} transform={(v: IppFormValues) => toBody(v)}>
        <IppForm />
      </Create>
    </Box>
  );
}
