import { lazy } from 'react';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import type { PortalResource } from '../../src/registry.types';
import { USER_RESOURCE } from '../../dataProviders/shiro/users';

/** Sub-users at /page/user; views load on demand. */
export default {
  name: USER_RESOURCE,
  list: lazy(() => import('./UserList').then((m) => ({ default: m.UserList }))),
  create: lazy(() => import('./UserCreate').then((m) => ({ default: m.UserCreate }))),
  edit: lazy(() => import('./UserEdit').then((m) => ({ default: m.UserEdit }))),
  icon: ManageAccountsOutlinedIcon,
  recordRepresentation: 'username',
  options: { module: 'user', area: 'page', label: 'resources.page/user.menu' },
} satisfies PortalResource;
