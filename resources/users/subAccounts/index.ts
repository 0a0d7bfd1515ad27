import GroupWorkOutlinedIcon from '@mui/icons-material/GroupWorkOutlined';
import { portalResource } from '../../../src/registry.types';
import { SUB_ACCOUNT_RESOURCE } from '../../../dataProviders/cloud/users';

/** Sub-accounts (domain groups) at /page/userAccount; views load on demand. */
export default portalResource(SUB_ACCOUNT_RESOURCE, 'account', GroupWorkOutlinedIcon, 'companyName', {
  list: () => import('./SubAccountList').then((m) => m.SubAccountList),
  create: () => import('./SubAccountCreate').then((m) => m.SubAccountCreate),
  edit: () => import('./SubAccountEdit').then((m) => m.SubAccountEdit),
});
