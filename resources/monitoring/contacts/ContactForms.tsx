import { Box } from '@mui/material';
import { Create, Edit, SelectInput, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { CONTACT_RESOURCE } from '../../../dataProviders/monit/monitoring';
import { MONIT_LANGUAGES } from '../../../common/rules/monitoring';
import { useSavingNotice } from './savingNotice';
import { validateContact, validateEmail, validateMobile, validateName, validateRemark, validateWebhook } from './validators';
import { PageHeading } from '../../../src/kit/PageHeading';

const f = (name: string) => `resources.CMonit/alertContact.contacts.fields.${name}`;

function ContactInputs() {
  return (
    <>
      <TextInput source="name" label={f('name')} validate={validateName} isRequired sx={{ minWidth: 320 }} />
      <TextInput source="email" label={f('email')} validate={validateEmail} sx={{ minWidth: 320 }} />
      <TextInput
        source="mobile"
        label={f('mobile')}
        validate={validateMobile}
        helperText="+8613800138000 / 13800138000"
        sx={{ minWidth: 320 }}
      />
      <TextInput source="webhook" label={f('webhook')} validate={validateWebhook} helperText="https://…" sx={{ minWidth: 480 }} />
      <SelectInput
        source="language"
        label={f('language')}
        choices={MONIT_LANGUAGES.map((id) => ({ id, name: `resources.CMonit/alertContact.contacts.languages.${id}` }))}
        sx={{ minWidth: 160 }}
      />
      <TextInput source="remark" label={f('remark')} validate={validateRemark} multiline sx={{ minWidth: 480 }} />
    </>
  );
}

export function ContactCreate() {
  const t = useTranslate();
  const { notice, mutationOptions } = useSavingNotice(CONTACT_RESOURCE);
  return (
    <Box>
      <PageHeading>{t('resources.CMonit/alertContact.contacts.add')}</PageHeading>
      <Create title={t('resources.CMonit/alertContact.contacts.add')} mutationOptions={mutationOptions}>
        <SimpleForm defaultValues={{ language: 'zh' }} validate={validateContact}>
          <ContactInputs />
        </SimpleForm>
      </Create>
      {notice}
    </Box>
  );
}

export function ContactEdit() {
  const t = useTranslate();
  const { notice, mutationOptions } = useSavingNotice(CONTACT_RESOURCE);
  return (
    <Box>
      <PageHeading>{t('resources.CMonit/alertContact.contacts.edit')}</PageHeading>
      <Edit title={t('resources.CMonit/alertContact.contacts.edit')} mutationMode="pessimistic" mutationOptions={mutationOptions}>
        <SimpleForm validate={validateContact}>
          <ContactInputs />
        </SimpleForm>
      </Edit>
      {notice}
    </Box>
  );
}
