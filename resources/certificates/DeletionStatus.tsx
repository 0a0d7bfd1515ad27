import { useRef } from 'react';
import { Chip, Tooltip } from '@mui/material';
import { useDataProvider, useListContext, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import type { Certificate } from '../../common/wire/certificates';
import { t } from './certificateUi';
import { useNotifyError } from '../../src/kit/errorText';
import { usePollWhile } from '../../src/kit/usePollWhile';

/** How often a deleting certificate's status is asked (GET deling/{id}). */
export const DELETION_POLL_MS = 1500;

export type DeletionOutcome = 'deleted' | 'failed';

/**
 * Polls every certificate in state 2 (deleting) until the server answers 1 (removed) or 2 (failed),
 * tells the user, and calls `onSettled` (a list then reloads: the row goes, or shows the failure).
 */
export function useDeletionWatch(
  records: readonly Certificate[] | undefined,
  onSettled: (outcome: DeletionOutcome) => void,
  intervalMs = DELETION_POLL_MS,
) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const deleting = (records ?? []).filter((r) => r.logicDelete === 2);
  const key = deleting.map((r) => r.id).join(',');
  const busy = useRef(false);
  usePollWhile(
    Boolean(key),
    async () => {
      if (busy.current) return;
      busy.current = true;
      let outcome: DeletionOutcome | null = null;
      try {
        for (const r of deleting) {
          const status = await dataProvider.certificateDeletionStatus(r.id);
          if (status.operationStatus === 1) {
            notify(t('notifications.deleted'), { type: 'success', messageArgs: { name: r.name } });
            outcome ??= 'deleted';
          } else if (status.operationStatus === 2) {
            notify(t('notifications.deleteFailed'), { type: 'error', messageArgs: { name: r.name, log: status.log } });
            outcome = 'failed';
          }
        }
      } catch (e) {
        notifyError(e);
        outcome = 'failed';
      } finally {
        busy.current = false;
        if (outcome) onSettled(outcome);
      }
    },
    intervalMs,
  );
}

/** Inside a List: watches its deleting rows and reloads the page when one settles. */
export function DeletionWatch() {
  const { data, refetch } = useListContext<Certificate>();
  useDeletionWatch(data, () => void refetch());
  return null;
}

/** Status column: normal, deleting (2) or failed (3, the log in the tooltip and below). */
export function DeletionStatusField(_props: { label?: string }) {
  const record = useRecordContext<Certificate>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.logicDelete === 2)
    return <Chip size="small" color="warning" variant="outlined" label={translate(t('status.deleting'))} data-testid="status-deleting" />;
  if (record.logicDelete === 3) {
    return (
      <Tooltip title={record.deleteLog}>
        <span>
          <Chip size="small" color="error" label={translate(t('status.failed'))} data-testid="status-failed" />
          <span style={{ display: 'block', fontSize: 12, color: '#d32f2f', maxWidth: 260, whiteSpace: 'normal' }}>{record.deleteLog}</span>
        </span>
      </Tooltip>
    );
  }
  return <Chip size="small" color="success" variant="outlined" label={translate(t('status.normal'))} />;
}
