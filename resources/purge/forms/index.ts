import CleaningServicesOutlinedIcon from '@mui/icons-material/CleaningServicesOutlined';
import FolderDeleteOutlinedIcon from '@mui/icons-material/FolderDeleteOutlined';
import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import { portalPage } from '../../../src/registry.types';

/** URL purge, directory purge and prefetch forms (issue #16). */
export const urlPurgePage = portalPage('cdn/newurlPush', 'purge', CleaningServicesOutlinedIcon, () =>
  import('./PurgeForm').then((m) => m.UrlPurgePage),
);
export const dirPurgePage = portalPage('cdn/newdirPush', 'purge', FolderDeleteOutlinedIcon, () =>
  import('./PurgeForm').then((m) => m.DirPurgePage),
);
export const prefetchPage = portalPage('cdn/prefetch', 'prefetch', CloudDownloadOutlinedIcon, () =>
  import('./PurgeForm').then((m) => m.PrefetchPage),
);
