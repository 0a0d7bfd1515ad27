import { Box, Typography } from '@mui/material';
import { Edit, useRecordContext, useTranslate } from 'react-admin';
import type { IppEntry } from '../../common/wire/ippTypes';
import { IppForm, toBody, type IppFormValues } from './ippForm';

function Heading() {
  const t = useTranslate();
  const record = useRecordContext<IppEntry>();
  return <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 1 }}>{t('resources.ipP/ipset.editTitle', { ip: record?.originIp ?? '' })}</Typography>;
}

/** Edit a protected IP (refused by the server while it is configuring or disabling); then /ipP/ipset. */
export function IppEdit() {
  const t = useTranslate();
  return (
    <Box>
      <Edit title={t('resources.ipP/ipset.listTitle')} resource="ipP/ipset" redirect={() => '/ipP/ipset'} mutationMode="pessimistic" transform={(v: IppFormValues) => toBody(v)}>
        <Heading />
        <IppForm />
      </Edit>
    </Box>
  );
}
