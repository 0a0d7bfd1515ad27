import { Fragment, type ReactNode } from 'react';
import { Button, Table, TableBody, TableCell, TableHead, TableRow, type SxProps, type Theme } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import dayjs from 'dayjs';
import {
  Datagrid,
  downloadCSV,
  FunctionField,
  ListContextProvider,
  Pagination,
  ResourceContextProvider,
  useList,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { toCsv } from '../lib/csv';

/** One column of a ColumnsTable: its heading (an i18n key) and what a row shows in it. */
export interface Column<R> {
  /**
   * i18n key of the heading; '' for a column without one (row actions). A sorted table's heading may
   * be the text itself (react-admin's fields take either).
   */
  label: string;
  /** values of the heading's message ('In version %{version}') */
  labelArgs?: Record<string, unknown>;
  render: (row: R, index: number) => ReactNode;
  /** cell style, e.g. { whiteSpace: 'nowrap' } or { wordBreak: 'break-all' } */
  sx?: SxProps<Theme>;
  /** a style that depends on the row (a warning colour), instead of sx */
  rowSx?: (row: R) => SxProps<Theme> | undefined;
  /** heading and cells (numbers: right) */
  align?: 'left' | 'right' | 'center';
  /** width of the heading cell */
  width?: number | string;
  /** 'checkbox': a narrow column of toggles */
  padding?: 'checkbox' | 'none';
  /** a sorted table: the field a click on the heading sorts by */
  source?: string;
  /** a sorted table: whether the heading sorts (default: yes) */
  sortable?: boolean;
}

/** A column of a sorted table that CsvButton exports: its field and its CSV value. */
export interface CsvColumn<R> extends Column<R> {
  source: string;
  /** the CSV value (raw numbers: bytes, counts, percentages) */
  csv: (row: R) => string | number;
  /** CSV header when it needs a unit the screen shows in the cells, e.g. 'Traffic (bytes)' */
  csvHeader?: string;
}

/** Sorting and paging in the browser, over rows already loaded (rows with an id): react-admin's Datagrid. */
export interface TableSorting {
  /** sorted at first by this field, descending */
  field?: string;
  /** rows a page (default 10); the pager shows when there are more */
  perPage?: number;
}

export interface ColumnsTableProps<R> {
  columns: Array<Column<R> | false>;
  rows: R[];
  /** the key of a row (a sorted table's rows have their id) */
  rowKey?: (row: R, index: number) => string | number;
  /** sorted and paged in the browser (true: the defaults); the options below, but testId, are not for it */
  sorting?: TableSorting | true;
  testId?: string;
  /** style of the table (its maximum width, the padding of every cell) */
  sx?: SxProps<Theme>;
  /** a row opens something: the row is highlighted on hover and takes the click */
  onRowClick?: (row: R) => void;
  /** rows highlighted on hover without taking a click (they hold buttons) */
  hover?: boolean;
  /** the chosen row (shown on a chart beside the table) */
  rowSelected?: (row: R) => boolean;
  rowTestId?: (row: R) => string;
  /** no heading row (a short list under a title) */
  headless?: boolean;
  /** i18n key of a line shown in place of the rows when there are none (none while loading: leave it out) */
  emptyText?: string;
  /** rows after the data rows (a default rule, a total) */
  footer?: ReactNode;
  /** an opened row's details: a row under it, across every column after the first (which holds the toggle) */
  detail?: (row: R, index: number) => ReactNode;
}

/**
 * A small read-only table of a custom page from a declaration of its columns (headings translated
 * once here), for the tables that are not react-admin lists: a task's URLs, alarm events, records;
 * with `sorting`, the rows already loaded sorted and paged in the browser (traffic statistics).
 */
export function ColumnsTable<R>({
  columns,
  rows,
  rowKey = (_r, i) => i,
  sorting,
  testId,
  sx,
  onRowClick,
  hover = false,
  rowSelected,
  rowTestId,
  headless = false,
  emptyText,
  footer,
  detail,
}: ColumnsTableProps<R>) {
  const t = useTranslate();
  const shown = columns.filter((c): c is Column<R> => c !== false);
  if (sorting) return <SortedTable rows={rows} columns={shown} sorting={sorting === true ? {} : sorting} testId={testId} />;
  return (
    <Table size="small" sx={sx} data-testid={testId}>
      {!headless && (
        <TableHead>
          <TableRow>
            {shown.map((c, i) => (
              <TableCell key={i} align={c.align} width={c.width} padding={c.padding}>
                {c.label && t(c.label, c.labelArgs)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
      )}
      <TableBody>
        {rows.map((r, i) => {
          const opened = detail?.(r, i);
          return (
            <Fragment key={rowKey(r, i)}>
              <TableRow
                hover={hover || Boolean(onRowClick)}
                selected={rowSelected?.(r)}
                sx={onRowClick ? { cursor: 'pointer' } : undefined}
                onClick={onRowClick ? () => onRowClick(r) : undefined}
                data-testid={rowTestId?.(r)}
              >
                {shown.map((c, j) => (
                  <TableCell key={j} align={c.align} padding={c.padding} sx={c.rowSx ? c.rowSx(r) : c.sx}>
                    {c.render(r, i)}
                  </TableCell>
                ))}
              </TableRow>
              {opened && (
                <TableRow>
                  <TableCell />
                  <TableCell colSpan={shown.length - 1}>{opened}</TableCell>
                </TableRow>
              )}
            </Fragment>
          );
        })}
        {emptyText && !rows.length && (
          <TableRow>
            <TableCell colSpan={shown.length} align="center" sx={{ color: 'text.secondary' }}>
              {t(emptyText)}
            </TableCell>
          </TableRow>
        )}
        {footer}
      </TableBody>
    </Table>
  );
}

/** The sorted table: a react-admin Datagrid over the rows (sorting and paging in the browser). */
function SortedTable<R>({ rows, columns, sorting, testId }: { rows: R[]; columns: Column<R>[]; sorting: TableSorting; testId?: string }) {
  const { field, perPage = 10 } = sorting;
  // the rows have their id; react-admin types records with an index signature
  const list = useList<R & RaRecord>({ data: rows as Array<R & RaRecord>, perPage, sort: field ? { field, order: 'DESC' } : undefined });
  return (
    <ResourceContextProvider value="cdn/analysis">
      <ListContextProvider value={list}>
        <Datagrid bulkActionButtons={false} rowClick={false} data-testid={testId} size="small">
          {columns.map((c, j) => (
            <FunctionField<R & RaRecord>
              key={c.source ?? j}
              source={c.source}
              label={c.label}
              sortable={c.sortable ?? true}
              textAlign={c.align}
              render={(r) => c.render(r, rows.indexOf(r))}
            />
          ))}
        </Datagrid>
        {rows.length > perPage && <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/** Exports what a table shows (all its rows, its columns, raw numbers) as CSV. */
export function CsvButton<R>({ rows, columns, name }: { rows: R[]; columns: CsvColumn<R>[]; name: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const save = () => {
    const csv = toCsv(
      rows,
      columns.map((c) => ({ header: c.csvHeader ?? c.label, value: c.csv })),
    );
    downloadCSV(csv, `${name}-${dayjs().format('YYYYMMDD-HHmmss')}`);
    notify('pages.cdn/analysisOff.exported', { type: 'info', messageArgs: { count: rows.length } });
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={save} disabled={!rows.length} data-testid={`export-${name}`}>
      {translate('pages.cdn/analysisOff.export')}
    </Button>
  );
}
