import { useState, type ReactElement } from 'react';
import { Button as MuiButton, Tooltip, type ButtonProps } from '@mui/material';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useNotifyError } from '../../src/kit/errorText';

const small = { minWidth: 0, px: 0.75, whiteSpace: 'nowrap', textTransform: 'none' } as const;
/** The detail's toolbar uses the regular button style (with icons), rows the compact one. */
export const actionSx = (withIcon: boolean) => (withIcon ? { whiteSpace: 'nowrap' } : small);

export interface ConfirmedActionProps {
  label: string;
  icon: ReactElement;
  withIcon?: boolean;
  color?: ButtonProps['color'];
  testId: string;
  /** i18n key of why the action is refused now (shown as tooltip and notice), or null. */
  blockedMessage: string | null;
  /** i18n keys of the dialog; %{name} is the domain name. */
  title: string;
  content: string;
  name: string;
  /** i18n key of the success notice. */
  success: string;
  run: () => Promise<unknown>;
  /** After success (and the refresh of the current view). */
  onDone?: () => void;
  /** The current view goes away on success (its record deleted): no refresh. */
  leaving?: boolean;
}

/**
 * A domain write that asks first: a refused action only explains why; a confirmed one runs, then
 * notifies success (or the server's message) and refreshes.
 */
export function ConfirmedAction(p: ConfirmedActionProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await p.run();
      notify(p.success, { type: 'success', messageArgs: { name: p.name } });
      if (!p.leaving) refresh();
      p.onDone?.();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Tooltip title={p.blockedMessage ? translate(p.blockedMessage) : ''} describeChild>
        <MuiButton
          size="small"
          sx={{ ...actionSx(Boolean(p.withIcon)), ...(p.blockedMessage ? { color: 'text.disabled' } : {}) }}
          color={p.color}
          startIcon={p.withIcon ? p.icon : undefined}
          data-testid={p.testId}
          onClick={(e) => {
            e.stopPropagation();
            if (p.blockedMessage) notify(p.blockedMessage, { type: 'warning' });
            else setOpen(true);
          }}
        >
          {p.label}
        </MuiButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title={p.title}
        content={p.content}
        translateOptions={{ name: p.name }}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
