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
