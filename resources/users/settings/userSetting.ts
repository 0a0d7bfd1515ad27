import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import { portalPage } from '../../../src/registry.types';

/** Personal settings (/page/usersetting); the page loads on demand. */
export const userSettingPage = portalPage('page/usersetting', 'person', AccountCircleOutlinedIcon, () =>
  import('./UserSettingPage').then((m) => m.UserSettingPage),
);
