import { Create, SimpleForm, TextInput, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { CertificateUploadInput } from '../../common/wire/certificates';
import { readUserInfo } from '../../src/auth/storage';
import { PageHeading } from '../../src/kit/PageHeading';
import { OwnerInput, PemInput, ShareInputs } from './CertificateInputs';
import { certificatePemError, nameError, privateKeyPemError, shareError } from './rules';
import { CERTIFICATE_RESOURCE, fieldLabel, t } from './certificateUi';

/**
 * The upload rules at form level (react-admin ignores input-level validators once a form has a
 * validate function): name, PEM chain, PEM key, and sharing needs at least one account (spec §5).
 */
export const validateUpload = (values: Partial<CertificateUploadInput>) => {
  const errors: Record<string, string> = {};
  const add = (field: string, error: string | undefined) => {
    if (error) errors[field] = error;
  };
  add('name', nameError(values.name));
  add('certificate', certificatePemError(values.certificate));
  add('privateKey', privateKeyPemError(values.privateKey));
  add('shareAccounts', shareError(values.share, values.shareAccounts));
  return errors;
};

/** Upload: name, PEM chain, private key, owner account, sharing; 'upload successful' on success. */
export function CertificateCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const info = readUserInfo();
  return (
    <>
      <PageHeading>{translate(t('titles.create'))}</PageHeading>
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
          <TextInput source="name" label={fieldLabel('name')} fullWidth={false} sx={{ minWidth: 360 }} />
          <OwnerInput />
          <PemInput source="certificate" label={fieldLabel('certificate')} helper={translate(t('helpers.certificate'))} showChainCount />
          <PemInput source="privateKey" label={fieldLabel('privateKey')} helper={translate(t('helpers.privateKey'))} rows={6} />
          <ShareInputs />
        </SimpleForm>
      </Create>
    </>
  );
}
