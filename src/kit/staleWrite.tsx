import { useCallback, useState, type ReactElement } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useRefresh, useTranslate } from 'react-admin';
import { StaleRecordError } from '../../dataProviders/http';
import { useNotifyError } from './errorText';

export interface SaveFailure {
  /** the edit's mutationOptions.onError */
  onError: (error: unknown) => void;
  /** render it once inside the edit screen */
  staleDialog: ReactElement;
}

/**
 * Save failures of the edit screens (issue #35 item 4). A save refused because someone else changed
 * the record since it was read (StaleRecordError, code "409") opens a dialog that says so; the form
 * keeps what the user typed (a pessimistic save leaves the form as it is on an error), until the
 * user chooses to load the latest version (`onReload`, default: react-admin's refresh, which reads
 * the record again and resets the form to it). Any other failure goes to `otherwise` (default: the
 * error notice).
 */
export function useSaveFailure({ otherwise, onReload }: { otherwise?: (error: unknown) => void; onReload?: () => void } = {}): SaveFailure {
  const [open, setOpen] = useState(false);
  const notifyError = useNotifyError();
  const onError = useCallback(
    (error: unknown) => {
      if (error instanceof StaleRecordError) setOpen(true);
      else if (otherwise) otherwise(error);
      else notifyError(error);
    },
    [otherwise, notifyError],
  );
  return { onError, staleDialog: <StaleRecordDialog open={open} onClose={() => setOpen(false)} onReload={onReload} /> };
}

/** 'The record was changed by someone else': keep editing (the typed values stay), or reload the record (they go). */
function StaleRecordDialog({ open, onClose, onReload }: { open: boolean; onClose: () => void; onReload?: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  return (
    <Dialog open={open} onClose={onClose} data-testid="stale-record-dialog">
      <DialogTitle>{translate('portal.stale.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('portal.errors.staleRecord')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button
          data-testid="stale-record-reload"
          onClick={() => {
            onClose();
            (onReload ?? refresh)();
          }}
        >
          {translate('portal.stale.reload')}
        </Button>
        <Button variant="contained" onClick={onClose} autoFocus data-testid="stale-record-keep">
          {translate('portal.stale.keep')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
