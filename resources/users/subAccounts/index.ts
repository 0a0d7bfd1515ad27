import { lazy } from 'react';
import GroupWorkOutlinedIcon from '@mui/icons-material/GroupWorkOutlined';
import type { PortalResource } from '../../../src/registry.types';
import { SUB_ACCOUNT_RESOURCE } from '../../../dataProviders/cloud/users';

/** Sub-accounts (domain groups) at /page/userAccount; views load on demand. */
export default {
  name: SUB_ACCOUNT_RESOURCE,
  list: lazy(() => import('./SubAccountList').then((m) => ({ default: m.SubAccountList }))),
  create: lazy(() => import('./SubAccountCreate').then((m) => ({ default: m.SubAccountCreate }))),
  edit: lazy(() => import('./SubAccountEdit').then((m) => ({ default: m.SubAccountEdit }))),
  icon: GroupWorkOutlinedIcon,
  recordRepresentation: 'companyName',
  options: { module: 'account', area: 'page', label: 'resources.page/userAccount.menu' },
} satisfies PortalResource;
