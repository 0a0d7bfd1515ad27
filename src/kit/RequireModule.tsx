import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { hasPermission, holdsModule } from '../../common/rules/shell/permissions';
import { readUserInfo } from '../auth/storage';

/**
 * Renders a screen only for users holding its module: its view (or operation) right, or, with
 * `anyRight`, any right of it (a log-tab right alone opens the analysis screens). Others, who reach
 * the address by typing it, see why instead; no call is made, so the server's 403 does not end their
 * session. The registry's pages are wrapped in it once (App.tsx).
 */
export function RequireModule({ module, anyRight = false, children }: { module: string; anyRight?: boolean; children: ReactNode }) {
  const translate = useTranslate();
  const perms = readUserInfo()?.permissionList ?? [];
  if (!(anyRight ? holdsModule(perms, module) : hasPermission(perms, module, 'view')))
    return (
      <Alert severity="warning" data-testid="page-forbidden">
        {translate('portal.traffic.forbidden')}
      </Alert>
    );
  return <>{children}</>;
}
