import { Navigate } from 'react-router-dom';
import { Authenticated } from 'react-admin';
import { landingPage, type AreaKey } from '../../common/rules/shell/permissions';
import { readUserInfo } from '../auth/storage';
import { availablePaths } from '../registry';

/** /cdn, /dcdn, ... and / go to the user's first allowed page (of the area, when given). */
export function AreaRedirect({ area }: { area?: AreaKey }) {
  const perms = readUserInfo()?.permissionList ?? [];
  return <Navigate to={landingPage(perms, availablePaths, area)} replace />;
}

export function ToLogin() {
  return <Navigate to="/newlogin" replace />;
}

export function RootRedirect() {
  return (
    <Authenticated>
      <AreaRedirect />
    </Authenticated>
  );
}
