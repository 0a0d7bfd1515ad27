import type { PortalArea } from '../../src/registry.types';
import purgeTasks from './tasks';
import prefetchTasks from './prefetchTasks';
import { dirPurgePage, prefetchPage, urlPurgePage } from './forms';

/** The purge area: URL and directory purges, prefetches, and their task centres. */
export default { resources: [purgeTasks, prefetchTasks], pages: [urlPurgePage, dirPurgePage, prefetchPage] } satisfies PortalArea;
