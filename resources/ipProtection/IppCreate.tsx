import { Box, Typography } from '@mui/material';
import { Create, useTranslate } from 'react-admin';
import { IppForm, toBody, type IppFormValues } from './ippForm';

/** Add a protected IP; afterwards the product goes to /ipP/ipset (spec §2). */
export function IppCreate() {
  const t = useTranslate();
  const title = t('resources.ipP/ipset.createTitle');
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 1 }}>{title}</Typography>
      <Create title={title} resource="ipP/ipset" redirect={() => '/ipP/ipset'} transform={(v: IppFormValues) => toBody(v)}>
        <IppForm />
      </Create>
    </Box>
  );
}
