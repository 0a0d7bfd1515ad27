import { useCallback, useEffect, useState } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import type { PurgeTask, PurgeTaskUrl } from '../../common/wire/purgeTypes';
import { formatBytes } from '../../src/lib/units';
import { StatusChip, isOpen, TASK_POLL_MS } from './taskUi';

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
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('portal.purge.detail.line')}</TableCell>
            <TableCell>{t('portal.purge.detail.url')}</TableCell>
            <TableCell>{t('portal.purge.detail.status')}</TableCell>
            <TableCell>{t('portal.purge.detail.lines')}</TableCell>
            {prefetch && <TableCell>{t('portal.purge.detail.http')}</TableCell>}
            {prefetch && <TableCell>{t('portal.purge.detail.bytes')}</TableCell>}
            {prefetch && <TableCell>{t('portal.purge.detail.elapsed')}</TableCell>}
            <TableCell>{t('portal.purge.detail.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {urls.map((u) => (
            <TableRow key={u.id}>
              <TableCell>{u.line}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{u.url}</TableCell>
              <TableCell><StatusChip status={u.status} /></TableCell>
              <TableCell>{`${u.linesDone} / ${u.linesTotal || '—'}`}</TableCell>
              {prefetch && <TableCell>{u.httpStatus || '—'}</TableCell>}
              {prefetch && <TableCell>{u.bytes === null ? '—' : formatBytes(u.bytes)}</TableCell>}
              {prefetch && <TableCell>{u.elapsedMs === null ? '—' : `${u.elapsedMs} ms`}</TableCell>}
              <TableCell>{u.reason || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {total > urls.length && <Typography variant="caption">{t('portal.purge.detail.more', { shown: urls.length, total })}</Typography>}
    </Box>
  );
}
