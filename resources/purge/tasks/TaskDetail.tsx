import { useCallback, useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../../dataProviders';
import type { PurgeTask, PurgeTaskUrl } from '../../../common/wire/purge';
import { formatBytes } from '../../../src/lib/units';
import { StatusChip, isOpen, TASK_POLL_MS } from './taskUi';
import { ColumnsTable } from '../../../src/kit/ColumnsTable';

/** A task's detail: every URL with its status, edge lines done of all, and the reason of a failure. */
export function TaskDetail() {
  const task = useRecordContext<PurgeTask>();
  const t = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [urls, setUrls] = useState<PurgeTaskUrl[]>([]);
  const [total, setTotal] = useState(0);
  const prefetch = task?.kind === 'prefetch';
  const load = useCallback(async () => {
    if (!task) return;
    const reply = await dataProvider.purgeTaskUrls(Number(task.id), prefetch, 1, 1000);
    setUrls(reply.list);
    setTotal(reply.total);
  }, [dataProvider, task, prefetch]);
  useEffect(() => {
    void load().catch(() => setUrls([]));
    if (!task || !isOpen(task)) return undefined;
    const timer = setInterval(() => void load().catch(() => undefined), TASK_POLL_MS);
    return () => clearInterval(timer);
  }, [load, task]);
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
          prefetch && { label: 'resources.cdn/newsearchTask.detail.elapsed', render: (u) => (u.elapsedMs === null ? '—' : `${u.elapsedMs} ms`) },
          { label: 'resources.cdn/newsearchTask.detail.reason', render: (u) => u.reason || '—' },
        ]}
      />
      {total > urls.length && <Typography variant="caption">{t('resources.cdn/newsearchTask.detail.more', { shown: urls.length, total })}</Typography>}
    </Box>
  );
}
