import { required, SelectInput, TextInput } from 'react-admin';
import { accountChoices } from './accountChoices';
import { validateCompany, validateEmail, validateIdentity } from './validators';

/** Company name and email: the fields that create and edit share. */
export function SubAccountContactInputs() {
  return (
    <>
      <TextInput source="companyName" validate={validateCompany} isRequired fullWidth sx={{ maxWidth: 480 }} />
      <TextInput source="email" validate={validateEmail} isRequired fullWidth sx={{ maxWidth: 480 }} />
    </>
  );
}

/** Parent account (only when there is a choice) and identity, for the create form. */
export function SubAccountCreateInputs() {
  const choices = accountChoices();
  return (
    <>
      {choices.length > 1 && <SelectInput source="customer" choices={choices} validate={required()} fullWidth sx={{ maxWidth: 480 }} />}
      <TextInput
        source="identity"
        validate={validateIdentity}
        isRequired
        helperText="resources.page/userAccount.identityHelper"
        fullWidth
        sx={{ maxWidth: 480 }}
      />
      <SubAccountContactInputs />
    </>
  );
}
