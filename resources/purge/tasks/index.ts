import { lazy } from 'react';
import ManageSearchOutlinedIcon from '@mui/icons-material/ManageSearchOutlined';
import type { PortalResource } from '../../../src/registry.types';

/** Purge task centre at /cdn/newsearchTask (issue #16). */
export default {
  name: 'cdn/newsearchTask',
  list: lazy(() => import('./TaskList').then((m) => ({ default: m.PurgeTaskList }))),
  icon: ManageSearchOutlinedIcon,
  options: { module: 'purge', area: 'cdn', label: 'resources.cdn/newsearchTask.menu' },
} satisfies PortalResource;
