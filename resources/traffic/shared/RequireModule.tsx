import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { hasPermission } from '../../../common/rules/shell/permissions';
import { readUserInfo } from '../../../src/auth/storage';

/**
 * Renders a screen only for users holding its module (view or operation). Others, who reach the
 * address by typing it, see why instead; no call is made, so the server's 403 does not end their session.
 */
export function RequireModule({ module, children }: { module: string; children: ReactNode }) {
  const translate = useTranslate();
  if (!hasPermission(readUserInfo()?.permissionList ?? [], module, 'view'))
    return (
      <Alert severity="warning" data-testid="page-forbidden">
        {translate('portal.traffic.forbidden')}
      </Alert>
    );
  return <>{children}</>;
}
