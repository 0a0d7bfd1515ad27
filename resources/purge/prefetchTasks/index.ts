import { lazy } from 'react';
import ManageSearchOutlinedIcon from '@mui/icons-material/ManageSearchOutlined';
import type { PortalResource } from '../../../src/registry.types';

/** Prefetch task centre at /cdn/prefetchTask (the purge task list in its prefetch form). */
export default {
  name: 'cdn/prefetchTask',
  list: lazy(() => import('../tasks/TaskList').then((m) => ({ default: m.PrefetchTaskList }))),
  icon: ManageSearchOutlinedIcon,
  options: { module: 'prefetch', area: 'cdn', label: 'resources.cdn/prefetchTask.menu' },
} satisfies PortalResource;
