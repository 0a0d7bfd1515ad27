import ManageSearchOutlinedIcon from '@mui/icons-material/ManageSearchOutlined';
import { portalResource } from '../../../src/registry.types';

/** Prefetch task centre at /cdn/prefetchTask (the purge task list in its prefetch form). */
export default portalResource('cdn/prefetchTask', 'prefetch', ManageSearchOutlinedIcon, undefined, {
  list: () => import('../tasks/TaskList').then((m) => m.PrefetchTaskList),
});
