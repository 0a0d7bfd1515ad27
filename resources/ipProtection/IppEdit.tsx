import { Box } from '@mui/material';
import { Edit, useRecordContext, useTranslate } from 'react-admin';
import type { IppEntry } from '../../common/wire/ipProtection';
import { IppForm, toBody, type IppFormValues } from './ippForm';
import { PageHeading } from '../../src/kit/PageHeading';
import { useSaveFailure } from '../../src/kit/staleWrite';

function Heading() {
  const t = useTranslate();
  const record = useRecordContext<IppEntry>();
  return <PageHeading>{t('resources.ipP/ipset.editTitle', { ip: record?.originIp ?? '' })}</PageHeading>;
}

/** Edit a protected IP (refused by the server while it is configuring or disabling); then /ipP/ipset. */
export function IppEdit() {
  const t = useTranslate();
  const { onError, staleDialog } = useSaveFailure();
  return (
    <Box>
      {staleDialog}
      <Edit
        title={t('resources.ipP/ipset.listTitle')}
        resource="ipP/ipset"
        redirect={() => '/ipP/ipset'}
        mutationMode="pessimistic"
        mutationOptions={{ onError }}
        transform={(v: IppFormValues) => toBody(v)}
      >
        <Heading />
        <IppForm />
      </Edit>
    </Box>
  );
}
