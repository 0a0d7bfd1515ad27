import { Box } from '@mui/material';
import { Edit, useRecordContext, useTranslate } from 'react-admin';
import type { IppEntry } from '../../common/wire/ipProtection';
import { IppForm, toBody, type IppFormValues } from './ippForm';
import { PageHeading } from '../../src/kit/PageHeading';

function Heading() {
  const t = useTranslate();
  const record = useRecordContext<IppEntry>();
  return <PageHeading>{t('resources.ipP/ipset.editTitle', { ip: record?.originIp ?? '' })}</PageHeading>;
}

/** Edit a protected IP (refused by the server while it is configuring or disabling); then /ipP/ipset. */
export function IppEdit() {
  const t = useTranslate();
  return (
    <Box>
      <Edit
        title={t('resources.ipP/ipset.listTitle')}
        resource="ipP/ipset"
        redirect={() => '/ipP/ipset'}
        mutationMode="pessimistic"
        transform={(v: IppFormValues) => toBody(v)}
      >
        <Heading />
        <IppForm />
      </Edit>
    </Box>
  );
}
