import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { PurgeTask, PurgeTaskUrl } from '../../../common/wire/purge';
import { formatBytes } from '../../../src/lib/units';
import { StatusChip, isOpen, TASK_POLL_MS } from './taskUi';
import { ColumnsTable } from '../../../src/kit/ColumnsTable';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';
import { usePollWhile } from '../../../src/kit/usePollWhile';

/** A task's detail: every URL with its status, edge lines done of all, and the reason of a failure. */
export function TaskDetail() {
  const task = useRecordContext<PurgeTask>();
  const t = useTranslate();
  const prefetch = task?.kind === 'prefetch';
  const id = Number(task?.id);
  const query = usePortalQuery(['purgeTaskUrls', id, prefetch], (dp) => dp.purgeTaskUrls(id, prefetch, 1, 1000), {
    enabled: Boolean(task),
  });
  // while the task is in progress, and once more when it is done
  usePollWhile(task ? isOpen(task) : false, query.refetch, TASK_POLL_MS, { settle: true });
  // a failed first reading shows no rows
  const urls = query.data?.list ?? [];
  const total = query.data?.total ?? 0;
  if (!task) return null;
  return (
    <Box sx={{ p: 1 }} data-testid={`task-detail-${task.id}`}>
      <ColumnsTable<PurgeTaskUrl>
        rows={urls}
        rowKey={(u) => u.id}
        columns={[
          { label: 'resources.cdn/newsearchTask.detail.line', render: (u) => u.line },
          { label: 'resources.cdn/newsearchTask.detail.url', render: (u) => u.url, sx: { wordBreak: 'break-all' } },
          { label: 'resources.cdn/newsearchTask.detail.status', render: (u) => <StatusChip status={u.status} /> },
          { label: 'resources.cdn/newsearchTask.detail.lines', render: (u) => `${u.linesDone} / ${u.linesTotal || '—'}` },
          prefetch && { label: 'resources.cdn/newsearchTask.detail.http', render: (u) => u.httpStatus || '—' },
          prefetch && { label: 'resources.cdn/newsearchTask.detail.bytes', render: (u) => (u.bytes === null ? '—' : formatBytes(u.bytes)) },
          prefetch && {
            label: 'resources.cdn/newsearchTask.detail.elapsed',
            render: (u) => (u.elapsedMs === null ? '—' : `${u.elapsedMs} ms`),
          },
          { label: 'resources.cdn/newsearchTask.detail.reason', render: (u) => u.reason || '—' },
        ]}
      />
      {total > urls.length && (
        <Typography variant="caption">{t('resources.cdn/newsearchTask.detail.more', { shown: urls.length, total })}</Typography>
      )}
    </Box>
  );
}
