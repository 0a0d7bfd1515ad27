import { lazy } from 'react';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import type { PortalArea, PortalResource } from '../../src/registry.types';
import subAccounts from './subAccounts';
import { userSettingPage } from './settings/userSetting';
import { USER_RESOURCE } from '../../dataProviders/shiro/users';

/** Sub-users at /page/user; views load on demand. */
const users = {
  name: USER_RESOURCE,
  list: lazy(() => import('./UserList').then((m) => ({ default: m.UserList }))),
  create: lazy(() => import('./UserCreate').then((m) => ({ default: m.UserCreate }))),
  edit: lazy(() => import('./UserEdit').then((m) => ({ default: m.UserEdit }))),
  icon: ManageAccountsOutlinedIcon,
  recordRepresentation: 'username',
  options: { module: 'user', area: 'page', label: 'resources.page/user.menu' },
} satisfies PortalResource;

/** The users area: sub-accounts, sub-users and the personal settings. */
export default { resources: [subAccounts, users], pages: [userSettingPage] } satisfies PortalArea;
