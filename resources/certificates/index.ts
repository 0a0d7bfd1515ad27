import { lazy } from 'react';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import type { PortalArea, PortalResource } from '../../src/registry.types';
import { CERTIFICATE_RESOURCE } from '../../dataProviders/api/certificates';

/** Certificates at /page/certificateUpload: list, upload, edit (rename, share, renew), details. */
const certificates = {
  name: CERTIFICATE_RESOURCE,
  list: lazy(() => import('./CertificateList').then((m) => ({ default: m.CertificateList }))),
  create: lazy(() => import('./CertificateCreate').then((m) => ({ default: m.CertificateCreate }))),
  edit: lazy(() => import('./CertificateEdit').then((m) => ({ default: m.CertificateEdit }))),
  show: lazy(() => import('./CertificateShow').then((m) => ({ default: m.CertificateShow }))),
  icon: VerifiedUserOutlinedIcon,
  recordRepresentation: 'name',
  options: { module: 'certificate', area: 'page', label: `resources.${CERTIFICATE_RESOURCE}.menu` },
} satisfies PortalResource;

export default { resources: [certificates], pages: [] } satisfies PortalArea;
