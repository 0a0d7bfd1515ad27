import type { TranslateFunction } from 'react-admin';

/** The texts of a plain MUI TablePagination in the portal's language (react-admin's own list texts), for the monitoring tables. */
export const paginationLabels = (t: TranslateFunction) => ({
  labelRowsPerPage: t('ra.navigation.page_rows_per_page'),
  labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
    t('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count }),
});
