import ManageSearchOutlinedIcon from '@mui/icons-material/ManageSearchOutlined';
import { portalResource } from '../../../src/registry.types';

/** Purge task centre at /cdn/newsearchTask (issue #16). */
export default portalResource('cdn/newsearchTask', 'purge', ManageSearchOutlinedIcon, undefined, {
  list: () => import('./TaskList').then((m) => m.PurgeTaskList),
});
