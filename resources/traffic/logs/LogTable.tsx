import { useState } from 'react';
import { Box, Chip, IconButton, TableContainer, TablePagination, Typography } from '@mui/material';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { useTranslate } from 'react-admin';
import type { LogRow, LogSearchResult } from '../../../dataProviders/api/traffic';
import { formatBytes, formatCount } from '../../../src/lib/units';
import type { AnalysisLabels } from '../analysis/labels';
import { ColumnsTable } from '../../../src/kit/ColumnsTable';

/** Rows the server lets a search page through (offset + page size). */
export const LOG_PAGE_WINDOW = 100_000;
export const PAGE_SIZES = [20, 50, 100];

const STATUS_COLOR: Record<number, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  2: 'success',
  3: 'info',
  4: 'warning',
  5: 'error',
};

function Details({ row }: { row: LogRow }) {
  const translate = useTranslate();
  const item = (key: string, value: string) => (
    <Box sx={{ display: 'grid', gridTemplateColumns: '140px 1fr', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {translate(`pages.cdn/newlog.columns.${key}`)}
      </Typography>
      <Typography
        variant="body2"
        sx={{ wordBreak: 'break-all', fontFamily: key === 'userAgent' || key === 'referer' ? 'monospace' : undefined }}
      >
        {value || '—'}
      </Typography>
    </Box>
  );
  return (
    <Box sx={{ py: 1, display: 'grid', gap: 0.5 }}>
      {item('account', row.account)}
      {item('method', row.method)}
      {item('userAgent', row.userAgent)}
      {item('referer', row.referer)}
      {item('provider', row.provider)}
      {item('edgeNode', row.edgeNode)}
    </Box>
  );
}

/**
 * One page of raw log rows (newest first), paged on the server; a row opens to show its agent,
 * referer, line and edge node.
 */
export function LogTable({
  result,
  page,
  pageSize,
  onPage,
  onPageSize,
  labels,
  providerName,
}: {
  result: LogSearchResult;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  labels: AnalysisLabels;
  providerName: (code: string) => string;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState<number | null>(null);
  const col = (key: string) => translate(`pages.cdn/newlog.columns.${key}`);
  const region = (r: LogRow) => [labels.country(r.country), r.province ? labels.province(r.province) : ''].filter(Boolean).join(' · ');
  const pageable = Math.min(result.total, LOG_PAGE_WINDOW);
  return (
    <>
      <TableContainer>
        <ColumnsTable<LogRow>
          testId="table-logs"
          sx={{ '& td, & th': { px: 1 }, '& th': { whiteSpace: 'nowrap', fontWeight: 600 } }}
          rows={result.list}
          rowKey={(r, i) => `${r.timestamp}-${i}`}
          hover
          detail={(r, i) => open === i && <Details row={{ ...r, provider: r.provider ? providerName(r.provider) : '' }} />}
          columns={[
            {
              label: '',
              padding: 'checkbox',
              render: (_r, i) => (
                <IconButton size="small" aria-label={col('details')} onClick={() => setOpen(open === i ? null : i)}>
                  {open === i ? <KeyboardArrowUpIcon fontSize="small" /> : <KeyboardArrowDownIcon fontSize="small" />}
                </IconButton>
              ),
            },
            {
              label: 'pages.cdn/newlog.columns.time',
              sx: { whiteSpace: 'nowrap' },
              render: (r) => (
                <>
                  <Box>{r.time.slice(11)}</Box>
                  <Typography variant="caption" color="text.secondary">
                    {r.time.slice(0, 10)}
                  </Typography>
                </>
              ),
            },
            { label: 'pages.cdn/newlog.columns.domain', sx: { whiteSpace: 'nowrap' }, render: (r) => r.domain },
            {
              label: 'pages.cdn/newlog.columns.url',
              sx: { wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 12.5, minWidth: 220, maxWidth: 480 },
              render: (r) => r.url,
            },
            {
              label: 'pages.cdn/newlog.columns.status',
              render: (r) => (
                <Chip size="small" variant="outlined" label={r.status} color={STATUS_COLOR[Math.floor(r.status / 100)] ?? 'default'} />
              ),
            },
            { label: 'pages.cdn/newlog.columns.bytes', align: 'right', sx: { whiteSpace: 'nowrap' }, render: (r) => formatBytes(r.bytes) },
            {
              label: 'pages.cdn/newlog.columns.requestTime',
              align: 'right',
              sx: { whiteSpace: 'nowrap' },
              render: (r) => translate('pages.cdn/newlog.ms', { value: formatCount(r.requestTime) }),
            },
            {
              label: 'pages.cdn/newlog.columns.cacheHit',
              sx: { whiteSpace: 'nowrap' },
              render: (r) =>
                r.cacheHit === 'HIT' ? translate('pages.cdn/newlog.filters.hit') : translate('pages.cdn/newlog.filters.miss'),
            },
            {
              label: 'pages.cdn/newlog.columns.client',
              sx: { whiteSpace: 'nowrap' },
              render: (r) => (
                <>
                  <Box sx={{ fontFamily: 'monospace', fontSize: 12.5 }}>{r.clientIp}</Box>
                  <Typography variant="caption" color="text.secondary">
                    {[region(r), labels.isp(r.isp)].filter(Boolean).join(' · ')}
                  </Typography>
                </>
              ),
            },
          ]}
        />
      </TableContainer>
      <TablePagination
        component="div"
        count={pageable}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_e, p) => (setOpen(null), onPage(p))}
        onRowsPerPageChange={(e) => (setOpen(null), onPageSize(Number(e.target.value)))}
        labelRowsPerPage={translate('pages.cdn/newlog.paging.perPage')}
        labelDisplayedRows={({ from, to }) =>
          translate('pages.cdn/newlog.paging.shown', { from: formatCount(from), to: formatCount(to), total: formatCount(result.total) })
        }
        getItemAriaLabel={(type) => translate(`pages.cdn/newlog.paging.${type}`)}
        data-testid="log-pagination"
      />
      {result.total > LOG_PAGE_WINDOW && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'right' }}>
          {translate('pages.cdn/newlog.paging.window', { count: formatCount(LOG_PAGE_WINDOW) })}
        </Typography>
      )}
    </>
  );
}
