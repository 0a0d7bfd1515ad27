import { Box, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { PasswordInput, TextInput, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { readUserInfo } from '../../src/auth/storage';
import { passwordStrongEnough } from '../../common/rules/users/password';
import type { SubUserRecord } from '../../dataProviders/shiro/users';
import type { PortalDataProvider } from '../../dataProviders';
import { AccountTreeInput, findSubtree } from './AccountTreeInput';
import { PermissionPickerInput } from './PermissionPicker';
import { passwordClasses, passwordValidator, validateEmail, validatePermissions, validateUsername } from './validators';
import { ProgressBar } from '../../src/kit/Progress';

const FIELD_SX = { maxWidth: 480 };

/** Live strength of the typed password against the rule (8+ characters, three character classes). */
export function PasswordStrength() {
  const translate = useTranslate();
  const password = (useWatch({ name: 'password' }) as string | undefined) ?? '';
  if (!password) return null;
  const strong = passwordStrongEnough(password);
  const classes = passwordClasses(password);
  const level = strong ? (classes === 4 && password.length >= 12 ? 'strong' : 'good') : 'weak';
  const color = level === 'weak' ? 'error' : level === 'good' ? 'warning' : 'success';
  const percent = level === 'weak' ? 33 : level === 'good' ? 66 : 100;
  return (
    <Box sx={{ ...FIELD_SX, mt: -0.5, mb: 1 }} data-testid="password-strength">
      <ProgressBar
        label={translate(`resources.page/user.strength.${level}`)}
        variant="determinate"
        value={percent}
        color={color}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color={`${color}.main`}>
        {translate(`resources.page/user.strength.${level}`)}
      </Typography>
    </Box>
  );
}

/**
 * What the signed-in user may grant: the server's current answer (all-data blob), and until it
 * arrives the rights stored at sign-in.
 */
function useGrantable(): readonly string[] {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [fromServer, setFromServer] = useState<string[] | null>(null);
  useEffect(() => {
    let live = true;
    dataProvider
      .userAllData()
      .then((d) => live && setFromServer(d.permissions))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider]);
  return fromServer ?? readUserInfo()?.permissionList ?? [];
}

/** The fields create and edit share: identity, password with the strength hint, accounts, permissions. */
export function UserInputs({ mode }: { mode: 'create' | 'edit' }) {
  const record = useRecordContext<SubUserRecord>();
  const info = readUserInfo();
  const granter = useGrantable();
  const fullTree = info?.treeData ?? [];
  // An edited user may only act for accounts inside its own home account.
  const home = mode === 'edit' && record ? findSubtree(fullTree, record.account) : null;
  const tree = home ? [home] : fullTree;
  return (
    <Stack sx={{ width: '100%' }}>
      <TextInput
        source="username"
        validate={validateUsername}
        isRequired
        fullWidth
        sx={FIELD_SX}
        helperText="resources.page/user.usernameHint"
      />
      <TextInput source="email" type="email" validate={validateEmail} isRequired fullWidth sx={FIELD_SX} />
      <PasswordInput
        source="password"
        validate={passwordValidator(mode === 'create')}
        isRequired={mode === 'create'}
        fullWidth
        sx={FIELD_SX}
        autoComplete="new-password"
        helperText={mode === 'create' ? 'resources.page/user.passwordHint' : 'resources.page/user.passwordKeepHint'}
      />
      <PasswordStrength />
      <AccountTreeInput source="accounts" tree={tree} />
      <PermissionPickerInput
        source="permissions"
        granter={granter}
        kept={mode === 'edit' ? (record?.permissions ?? []) : []}
        validate={validatePermissions}
      />
    </Stack>
  );
}
