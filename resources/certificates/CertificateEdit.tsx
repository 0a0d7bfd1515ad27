import { Card, Typography } from '@mui/material';
import {
  EditBase,
  SaveButton,
  SimpleForm,
  Toolbar,
  TextInput,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { CertificateDetails } from '../../common/wire/certificates';
import { PageHeading } from '../../src/kit/PageHeading';
import { useSaveFailure } from '../../src/kit/staleWrite';
import { PemInput, ShareInputs } from './CertificateInputs';
import { certificatePemError, M, nameError, privateKeyPemError, shareError } from './rules';
import { CERTIFICATE_RESOURCE, fieldLabel, t } from './certificateUi';

interface EditValues extends CertificateDetails {
  renewCertificate?: string;
  renewPrivateKey?: string;
}

const filled = (v: string | undefined) => Boolean(v?.trim());

/** Name; sharing needs an account; a renewal needs a PEM chain and a PEM key together. */
export const validateEdit = (values: Partial<EditValues>) => {
  const errors: Record<string, string> = {};
  const add = (field: string, error: string | undefined) => {
    if (error && !errors[field]) errors[field] = error;
  };
  add('name', nameError(values.name));
  add('shareAccounts', shareError(values.share, values.shareAccounts));
  if (filled(values.renewCertificate)) add('renewCertificate', certificatePemError(values.renewCertificate));
  if (filled(values.renewPrivateKey)) add('renewPrivateKey', privateKeyPemError(values.renewPrivateKey));
  if (filled(values.renewCertificate) !== filled(values.renewPrivateKey))
    add(filled(values.renewCertificate) ? 'renewPrivateKey' : 'renewCertificate', M.renewBoth);
  return errors;
};

/** The renewal fields become the provider's certificate/privateKey; empty ones keep the current pair. */
export function editTransform(values: RaRecord): RaRecord {
  const v = values as EditValues;
  const { renewCertificate, renewPrivateKey, ...rest } = v;
  return {
    ...rest,
    certificate: filled(renewCertificate) ? renewCertificate : undefined,
    privateKey: filled(renewPrivateKey) ? renewPrivateKey : undefined,
  };
}

/** Deletion has its own flow (deleting state, polling); the form only saves. */
function SaveOnly() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/** The page heading names the certificate being edited. */
function EditHeading() {
  const translate = useTranslate();
  const record = useRecordContext<CertificateDetails>();
  return <PageHeading>{translate(t('titles.edit'), { name: record?.name ?? '' })}</PageHeading>;
}

/** Rename, change sharing, or renew with a certificate for the same names. */
export function CertificateEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const { onError, staleDialog } = useSaveFailure();
  return (
    <EditBase
      resource={CERTIFICATE_RESOURCE}
      mutationMode="pessimistic"
      transform={editTransform}
      mutationOptions={{
        onSuccess: () => {
          notify(t('notifications.updated'), { type: 'success' });
          redirect('list', CERTIFICATE_RESOURCE);
        },
        onError,
      }}
    >
      <EditHeading />
      {staleDialog}
      <Card>
        <SimpleForm validate={validateEdit} toolbar={<SaveOnly />}>
          <TextInput source="name" label={fieldLabel('name')} fullWidth={false} sx={{ minWidth: 360 }} />
          <ShareInputs />
          <Typography variant="subtitle1" sx={{ mt: 2 }}>
            {translate(t('sections.renew'))}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
            {translate(t('helpers.renew'))}
          </Typography>
          <PemInput
            source="renewCertificate"
            label={fieldLabel('certificate')}
            helper={translate(t('helpers.certificate'))}
            rows={4}
            showChainCount
          />
          <PemInput source="renewPrivateKey" label={fieldLabel('privateKey')} helper={translate(t('helpers.privateKey'))} rows={4} />
        </SimpleForm>
      </Card>
    </EditBase>
  );
}
