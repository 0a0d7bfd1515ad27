import { lazy } from 'react';
import CleaningServicesOutlinedIcon from '@mui/icons-material/CleaningServicesOutlined';
import FolderDeleteOutlinedIcon from '@mui/icons-material/FolderDeleteOutlined';
import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import type { PortalPage } from '../../../src/registry.types';

/** URL purge, directory purge and prefetch forms (issue #16). */
export const urlPurgePage: PortalPage = {
  path: 'cdn/newurlPush',
  module: 'purge',
  area: 'cdn',
  label: 'pages.cdn/newurlPush.menu',
  icon: CleaningServicesOutlinedIcon,
  component: lazy(() => import('./PurgeForm').then((m) => ({ default: m.UrlPurgePage }))),
};
export const dirPurgePage: PortalPage = {
  path: 'cdn/newdirPush',
  module: 'purge',
  area: 'cdn',
  label: 'pages.cdn/newdirPush.menu',
  icon: FolderDeleteOutlinedIcon,
  component: lazy(() => import('./PurgeForm').then((m) => ({ default: m.DirPurgePage }))),
};
export const prefetchPage: PortalPage = {
  path: 'cdn/prefetch',
  module: 'prefetch',
  area: 'cdn',
  label: 'pages.cdn/prefetch.menu',
  icon: CloudDownloadOutlinedIcon,
  component: lazy(() => import('./PurgeForm').then((m) => ({ default: m.PrefetchPage }))),
};
