import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { portalResource, type PortalArea } from '../../src/registry.types';
import { CERTIFICATE_RESOURCE } from '../../dataProviders/api/certificates';

/** Certificates at /page/certificateUpload: list, upload, edit (rename, share, renew), details. */
const certificates = portalResource(CERTIFICATE_RESOURCE, 'certificate', VerifiedUserOutlinedIcon, 'name', {
  list: () => import('./CertificateList').then((m) => m.CertificateList),
  create: () => import('./CertificateCreate').then((m) => m.CertificateCreate),
  edit: () => import('./CertificateEdit').then((m) => m.CertificateEdit),
  show: () => import('./CertificateShow').then((m) => m.CertificateShow),
});

export default { resources: [certificates], pages: [] } satisfies PortalArea;
