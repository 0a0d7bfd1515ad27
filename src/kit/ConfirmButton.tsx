import { useState, type ReactElement } from 'react';
import { Button as MuiButton, Tooltip, type ButtonProps } from '@mui/material';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useNotifyError } from './errorText';

const small = { minWidth: 0, px: 0.75, whiteSpace: 'nowrap', textTransform: 'none' } as const;
/** A detail's toolbar uses the regular button style (with icons), rows the compact one. */
export const actionSx = (withIcon: boolean) => (withIcon ? { whiteSpace: 'nowrap' } : small);

export interface ConfirmButtonProps<R = unknown> {
  /** the button's text (translated) */
  label: string;
  icon?: ReactElement;
  withIcon?: boolean;
  color?: ButtonProps['color'];
  testId: string;
  /**
   * i18n key of why the action is refused now (tooltip and notice), or null; refused, the button is greyed but readable (text.secondary).
   */
  blockedMessage: string | null;
  blockedArgs?: Record<string, unknown>;
  /** i18n keys of the dialog; %{name} is the record's name. */
  title: string;
  content: string;
  name: string;
  /** i18n key of the success notice (with %{name}), or the key and its values from the call's result. */
  success: string | ((result: R) => [string, Record<string, unknown>]);
  run: () => Promise<R>;
  /** After success (and the refresh of the current view). */
  onDone?: () => void;
  /** The current view goes away on success (its record deleted): no refresh. */
  leaving?: boolean;
}

/**
 * A write that asks first: a refused action only explains why; a confirmed one runs, then notifies
 * success (or the error's text, useNotifyError) and refreshes the view.
 */
export function ConfirmButton<R = unknown>(p: ConfirmButtonProps<R>) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const result = await p.run();
      const [key, args] = typeof p.success === 'string' ? [p.success, { name: p.name }] : p.success(result);
      notify(key, { type: 'success', messageArgs: args });
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
      <Tooltip title={p.blockedMessage ? translate(p.blockedMessage, p.blockedArgs) : ''} describeChild>
        <MuiButton
          size="small"
          sx={{ ...actionSx(Boolean(p.withIcon)), ...(p.blockedMessage ? { color: 'text.secondary' } : {}) }}
          color={p.color}
          startIcon={p.withIcon ? p.icon : undefined}
          data-testid={p.testId}
          onClick={(e) => {
            e.stopPropagation();
            if (p.blockedMessage) notify(p.blockedMessage, { type: 'warning', messageArgs: p.blockedArgs });
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
