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
    /** serverOnly: only the server's msg, not the client's own texts (portal.*), else the fallback */
    (error: unknown, fallback: string = UNKNOWN, { serverOnly = false }: { serverOnly?: boolean } = {}): string =>
      error instanceof PortalApiError && error.message && error.message !== UNKNOWN && !(serverOnly && error.message.startsWith('portal.'))
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
    (error: unknown, fallback?: string, options: NotificationOptions & { serverOnly?: boolean } = {}) => {
      const { serverOnly, ...rest } = options;
      notify(errorText(error, fallback, { serverOnly }), { type: 'error', ...rest });
    },
    [notify, errorText],
  );
}
