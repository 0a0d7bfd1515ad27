import { Pagination } from 'react-admin';

/** The page sizes of the portal's lists; 20 (the lists' perPage) must be one of them or the picker shows blank. */
export const PAGE_SIZES = [10, 20, 50, 100];

export function PortalPagination() {
  return <Pagination rowsPerPageOptions={PAGE_SIZES} />;
}
