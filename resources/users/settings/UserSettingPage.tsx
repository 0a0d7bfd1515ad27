import { useState } from 'react';
import { Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import LockResetOutlinedIcon from '@mui/icons-material/LockResetOutlined';
import {
  AutocompleteInput,
  BooleanInput,
  Form,
  PasswordInput,
  SaveButton,
  useDataProvider,
  useNotify,
  useTranslate,
  type Validator,
} from 'react-admin';
import type { PortalDataProvider } from '../../../dataProviders';
import { hasPermission } from '../../../common/rules/shell/permissions';
import { readUserInfo, writeUserInfo } from '../../../src/auth/storage';
import { DEFAULT_TIME_ZONE, isTimeZone, timeZones } from '../../../common/rules/users/timeZone';
import { passwordStrongEnough } from '../../../common/rules/users/password';
import { useNotifyError } from '../../../src/kit/errorText';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  signOutOthers: boolean;
}

const EMPTY: PasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '', signOutOthers: false };
const RULES = 'pages.page/usersetting.rules';

/** The password-change rules of configuration spec §5, as react-admin validators (i18n keys). */
export const validateOldPassword: Validator = (value) => (value ? undefined : `${RULES}.currentRequired`);
export const validateNewPassword: Validator = (value, values: Partial<PasswordForm>) => {
  if (!value) return `${RULES}.newRequired`;
  if (value === values.oldPassword) return `${RULES}.sameAsCurrent`;
  if (!passwordStrongEnough(String(value))) return `${RULES}.pattern`;
  return undefined;
};
export const validateConfirmPassword: Validator = (value, values: Partial<PasswordForm>) => {
  if (!value) return `${RULES}.confirmRequired`;
  return value === values.newPassword ? undefined : `${RULES}.confirmMismatch`;
};

/** The three password inputs of the form, in order; test ids old-password, new-password, confirm-password. */
const PASSWORD_FIELDS = [
  { source: 'oldPassword', label: 'currentPassword', validate: validateOldPassword, autoComplete: 'current-password' },
  { source: 'newPassword', label: 'newPassword', validate: validateNewPassword, autoComplete: 'new-password' },
  { source: 'confirmPassword', label: 'confirmPassword', validate: validateConfirmPassword, autoComplete: 'new-password' },
] as const;

function ProfileRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.75 }}>
      <Typography color="text.secondary" sx={{ width: 120, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography data-testid={testId}>{value || '—'}</Typography>
    </Stack>
  );
}

/** The password-change form; the form is emptied after a change (nothing sensitive is kept). */
function PasswordCard({ username, account }: { username: string; account: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<PortalDataProvider>();
  // A new key remounts the form empty, so the passwords do not linger in memory or the DOM.
  const [formKey, setFormKey] = useState(0);

  const submit = async (values: Partial<PasswordForm>) => {
    try {
      await dataProvider.changePassword({
        username,
        account,
        oldPassword: values.oldPassword ?? '',
        newPassword: values.newPassword ?? '',
        signOutOthers: values.signOutOthers === true,
      });
      notify('pages.page/usersetting.success', { type: 'success' });
      setFormKey((k) => k + 1);
    } catch (err) {
      notifyError(err, 'pages.page/usersetting.failed');
    }
  };

  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <LockResetOutlinedIcon color="primary" />
          <Typography variant="h6">{translate('pages.page/usersetting.passwordTitle')}</Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('pages.page/usersetting.passwordHint')}
        </Typography>
        <Divider sx={{ mb: 2 }} />
        <Form key={formKey} defaultValues={EMPTY} onSubmit={submit} mode="onSubmit" reValidateMode="onChange">
          <Stack sx={{ maxWidth: 420 }}>
            {PASSWORD_FIELDS.map((f) => (
              <PasswordInput
                key={f.source}
                source={f.source}
                label={`pages.page/usersetting.${f.label}`}
                validate={f.validate}
                autoComplete={f.autoComplete}
                inputProps={{ 'data-testid': f.source.replace('Password', '-password') }}
              />
            ))}
            <BooleanInput source="signOutOthers" label="pages.page/usersetting.signOutOthers" data-testid="sign-out-others" />
            <Box>
              <SaveButton
                label="pages.page/usersetting.submit"
                icon={<LockResetOutlinedIcon />}
                alwaysEnable
                data-testid="change-password"
              />
            </Box>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}

const ZONE_CHOICES = timeZones().map((z) => ({ id: z, name: z }));
export const validateTimeZone: Validator = (value) => (value && isTimeZone(String(value)) ? undefined : `${RULES}.timeZone`);

/** The account's time zone (issue #35): the daily purge and prefetch quotas reset at its midnight. */
function TimeZoneCard({ username, account, zone }: { username: string; account: string; zone: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<PortalDataProvider>();

  const submit = async (values: { timeZone?: string }) => {
    const timeZone = values.timeZone ?? '';
    try {
      const msg = await dataProvider.setTimeZone({ username, account, timeZone });
      const info = readUserInfo();
      if (info) writeUserInfo({ ...info, timeZone });
      notify(msg || 'pages.page/usersetting.timeZoneSaved', { type: 'success' });
    } catch (err) {
      notifyError(err, 'pages.page/usersetting.timeZoneFailed');
    }
  };

  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {translate('pages.page/usersetting.timeZoneTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('pages.page/usersetting.timeZoneHint')}
        </Typography>
        <Form defaultValues={{ timeZone: zone }} onSubmit={submit}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 520 }}>
            <AutocompleteInput
              source="timeZone"
              label="pages.page/usersetting.timeZone"
              choices={ZONE_CHOICES}
              validate={validateTimeZone}
              disableClearable
              sx={{ minWidth: 280 }}
              data-testid="time-zone"
            />
            <SaveButton label="pages.page/usersetting.timeZoneSave" alwaysEnable data-testid="save-time-zone" />
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}

/** /page/usersetting: who the user is, the account's time zone, and the own-password change. */
export function UserSettingPage() {
  const translate = useTranslate();
  const info = readUserInfo();
  // The change call needs person:operation; a read-only holder would be signed out by its 403.
  const canChange = Boolean(info) && hasPermission(info?.permissionList ?? [], 'person', 'operation');
  // The zone is the account's: only its main user changes it (the server checks too).
  const canSetZone = canChange && info?.isMain === true;
  const zone = info?.timeZone ?? DEFAULT_TIME_ZONE;

  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 2 }}>
        {translate('pages.page/usersetting.title')}
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" sx={{ mb: 1 }}>
            {translate('pages.page/usersetting.profile')}
          </Typography>
          <ProfileRow label={translate('pages.page/usersetting.username')} value={info?.username ?? ''} testId="setting-username" />
          <ProfileRow label={translate('pages.page/usersetting.account')} value={info?.account ?? ''} testId="setting-account" />
          <ProfileRow
            label={translate('pages.page/usersetting.accountName')}
            value={info?.accountName ?? ''}
            testId="setting-account-name"
          />
          <ProfileRow label={translate('pages.page/usersetting.email')} value={info?.email ?? ''} testId="setting-email" />
          {!canSetZone && <ProfileRow label={translate('pages.page/usersetting.timeZone')} value={zone} testId="setting-time-zone" />}
        </CardContent>
      </Card>
      {canSetZone && info && <TimeZoneCard username={info.username} account={info.account} zone={zone} />}
      {canChange && info && <PasswordCard username={info.username} account={info.account} />}
    </Box>
  );
}
