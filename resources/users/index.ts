import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import { portalResource, type PortalArea } from '../../src/registry.types';
import subAccounts from './subAccounts';
import { userSettingPage } from './settings/userSetting';
import { USER_RESOURCE } from '../../dataProviders/shiro/users';

/** Sub-users at /page/user; views load on demand. */
const users = portalResource(USER_RESOURCE, 'user', ManageAccountsOutlinedIcon, 'username', {
  list: () => import('./UserList').then((m) => m.UserList),
  create: () => import('./UserCreate').then((m) => m.UserCreate),
  edit: () => import('./UserEdit').then((m) => m.UserEdit),
});

/** The users area: sub-accounts, sub-users and the personal settings. */
export default { resources: [subAccounts, users], pages: [userSettingPage] } satisfies PortalArea;
