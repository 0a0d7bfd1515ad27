import { useCanOperate } from '../../src/auth/useCanOperate';
import { CERTIFICATE_RESOURCE } from '../../dataProviders/api/certificates';
import { formatDateTime } from '../../src/lib/dateTime';

export { CERTIFICATE_RESOURCE };

/** i18n key under this resource ('fields.name', 'actions.bind', ...). */
export const t = (key: string) => `resources.${CERTIFICATE_RESOURCE}.${key}`;
export const fieldLabel = (field: string) => t(`fields.${field}`);

/** Write buttons show only with portal:certificate:operation (the server checks again). */
export const useCanOperateCertificates = (): boolean => useCanOperate(CERTIFICATE_RESOURCE);

export const formatDate = (iso: string | null | undefined) => formatDateTime(iso).slice(0, 10);

/** A failed call's message, translated when it is an i18n key. */
export function errorText(e: unknown, translate: (key: string, options?: Record<string, unknown>) => string): string {
  const err = e as Error & { messageArgs?: Record<string, string> };
  return translate(err.message, { _: err.message, ...err.messageArgs });
}
