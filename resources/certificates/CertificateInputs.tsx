import { useRef } from 'react';
import { Box, Button, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { BooleanInput, FormDataConsumer, SelectArrayInput, SelectInput, TextInput, useInput, useTranslate } from 'react-admin';
import { readUserInfo } from '../../src/auth/storage';
import { accountChoices, countCertificates } from './rules';
import { fieldLabel, t } from './certificateUi';

const MAX_FILE_BYTES = 200_000;

/**
 * A PEM text area with a file picker: the chosen file is read as text into the field (a DER or
 * other binary file then fails the PEM check like pasted text would).
 */
export function PemInput({
  source,
  label,
  helper,
  rows = 8,
  showChainCount = false,
}: {
  source: string;
  label: string;
  helper: string;
  rows?: number;
  showChainCount?: boolean;
}) {
  const translate = useTranslate();
  const fileRef = useRef<HTMLInputElement>(null);
  const { field } = useInput({ source });
  const count = showChainCount ? countCertificates(typeof field.value === 'string' ? field.value : '') : 0;
  return (
    <Box sx={{ width: '100%', maxWidth: 760 }}>
      <TextInput
        source={source}
        label={label}
        multiline
        minRows={rows}
        maxRows={16}
        fullWidth
        helperText={helper}
        sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 12 } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: -1, mb: 2 }}>
        <Button size="small" variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileRef.current?.click()}>
          {translate(t('actions.chooseFile'))}
        </Button>
        <input
          ref={fileRef}
          type="file"
          hidden
          accept=".pem,.crt,.cer,.key,.txt"
          data-testid={`${source}-file`}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file || file.size > MAX_FILE_BYTES) return;
            field.onChange(await file.text());
            field.onBlur();
          }}
        />
        {count > 0 && (
          <Typography variant="caption" color="text.secondary">
            {translate(t('helpers.chainCount'), { smart_count: count })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** Share switch and the accounts (from the signed-in user's account tree), shown while sharing. */
export function ShareInputs() {
  const translate = useTranslate();
  const choices = accountChoices(readUserInfo()?.treeData);
  return (
    <>
      <BooleanInput source="share" label={fieldLabel('share')} helperText={translate(t('helpers.share'))} />
      <FormDataConsumer<{ share?: boolean }>>
        {({ formData }) =>
          formData.share ? (
            <SelectArrayInput
              source="shareAccounts"
              label={fieldLabel('shareAccounts')}
              choices={choices}
              fullWidth={false}
              sx={{ minWidth: 360 }}
              data-testid="share-accounts"
            />
          ) : null
        }
      </FormDataConsumer>
    </>
  );
}

/** Owning account, offered when the user's tree has more than one account. */
export function OwnerInput() {
  const choices = accountChoices(readUserInfo()?.treeData);
  if (choices.length < 2) return null;
  return <SelectInput source="account" label={fieldLabel('account')} choices={choices} fullWidth={false} sx={{ minWidth: 360 }} />;
}
