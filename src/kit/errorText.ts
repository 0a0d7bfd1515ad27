import { useCallback } from 'react';
import { useNotify, useTranslate, type NotificationOptions } from 'react-admin';
import { PortalApiError } from '../../dataProviders/http';

const UNKNOWN = 'portal.errors.unknown';

/**
 * The error text of a failed call, the same on every screen: the server's msg (or the client's i18n
 * key, with its values) translated; when there is none, the screen's own text ('An unknown error'
 * unless it has one). Every data-provider failure is a PortalApiError (network failures too).
 */
export function useErrorText() {
  const translate = useTranslate();
  return useCallback(
    (error: unknown, fallback: string = UNKNOWN): string =>
      error instanceof PortalApiError && error.message && error.message !== UNKNOWN
        ? translate(error.message, { _: error.message, ...error.messageArgs })
        : translate(fallback),
    [translate],
  );
}

/** Tells the user that an action failed, with its error text (useErrorText). */
export function useNotifyError() {
  const notify = useNotify();
  const errorText = useErrorText();
  return useCallback(
    (error: unknown, fallback?: string, options: NotificationOptions = {}) => notify(errorText(error, fallback), { type: 'error', ...options }),
    [notify, errorText],
  );
}
