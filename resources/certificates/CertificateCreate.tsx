import { Create, SimpleForm, TextInput, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { CertificateUploadInput } from '../../dataProviders/api/certificateTypes';
import { readUserInfo } from '../../src/auth/storage';
import { CertificateHeading } from './CertificateList';
import { OwnerInput, PemInput, ShareInputs } from './CertificateInputs';
import { certificatePemError, nameError, privateKeyPemError, shareError } from './rules';
import { CERTIFICATE_RESOURCE, fieldLabel, t } from './certificateUi';

const validateName = (v: string) => nameError(v);
const validateCertificate = (v: string) => certificatePemError(v);
const validateKey = (v: string) => privateKeyPemError(v);

/** Form-level rule: sharing needs at least one account (spec §5). */
export const validateUpload = (values: Partial<CertificateUploadInput>) => {
  const share = shareError(values.share, values.shareAccounts);
  return share ? { shareAccounts: share } : {};
};

/** Upload: name, PEM chain, private key, owner account, sharing; 'upload successful' on success. */
export function CertificateCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const info = readUserInfo();
  return (
    <>
      <CertificateHeading text={translate(t('titles.create'))} />
      <Create
        resource={CERTIFICATE_RESOURCE}
        title={translate(t('titles.create'))}
        mutationOptions={{
          onSuccess: () => {
            notify(t('notifications.uploaded'), { type: 'success' });
            redirect('list', CERTIFICATE_RESOURCE);
          },
        }}
      >
        <SimpleForm
          defaultValues={{ name: '', certificate: '', privateKey: '', share: false, shareAccounts: [], account: info?.account }}
          validate={validateUpload}
          data-testid="certificate-form"
        >
          <TextInput source="name" label={fieldLabel('name')} validate={validateName} fullWidth={false} sx={{ minWidth: 360 }} />
          <OwnerInput />
          <PemInput source="certificate" label={fieldLabel('certificate')} helper={translate(t('helpers.certificate'))} validate={validateCertificate} showChainCount />
          <PemInput source="privateKey" label={fieldLabel('privateKey')} helper={translate(t('helpers.privateKey'))} validate={validateKey} rows={6} />
          <ShareInputs />
        </SimpleForm>
      </Create>
    </>
  );
}
