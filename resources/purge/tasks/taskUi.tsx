import { Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PurgeTask } from '../../../common/wire/purge';
import { PURGE_STATUSES, type PurgeStatus } from '../../../common/rules/purge';

/** How often lists and details reload while a task is in progress. */
export const TASK_POLL_MS = 3000;

const COLORS: Record<PurgeStatus, 'success' | 'error' | 'info' | 'primary' | 'default' | 'warning'> = {
  success: 'success',
  failed: 'error',
  processing: 'info',
  verified: 'primary',
  waiting: 'warning',
  other: 'default',
};

export const isOpen = (t: PurgeTask) => t.status === 'waiting' || t.status === 'processing' || t.status === 'success';

export function StatusChip({ status }: { status: PurgeStatus }) {
  const t = useTranslate();
  return <Chip size="small" color={COLORS[status]} variant="outlined" label={t(`resources.cdn/newsearchTask.status.${status}`)} />;
}

/** Per-status counts of a task's URLs (only the statuses present). */
export function Progress({ task }: { task: PurgeTask }) {
  const t = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
      {PURGE_STATUSES.filter((s) => task.counts[s] > 0).map((s) => (
        <Chip key={s} size="small" color={COLORS[s]} label={`${t(`resources.cdn/newsearchTask.status.${s}`)} ${task.counts[s]}`} />
      ))}
    </Stack>
  );
}

/** 75 → '1m 15s'. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h ? `${h}h` : '', h || m ? `${m}m` : '', `${s}s`].filter(Boolean).join(' ');
}
