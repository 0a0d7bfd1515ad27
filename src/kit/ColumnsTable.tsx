import { Fragment, type ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';

/** One column of a ColumnsTable: its heading (an i18n key) and what a row shows in it. */
export interface Column<R> {
  /** i18n key of the heading; '' for a column without one (row actions) */
  label: string;
  /** values of the heading's message ('In version %{version}') */
  labelArgs?: Record<string, unknown>;
  render: (row: R, index: number) => ReactNode;
  /** cell style, e.g. { whiteSpace: 'nowrap' } or { wordBreak: 'break-all' } */
  sx?: SxProps<Theme>;
  /** a style that depends on the row (a warning colour), instead of sx */
  rowSx?: (row: R) => SxProps<Theme> | undefined;
  /** heading and cells (numbers: right) */
  align?: 'right' | 'center';
  /** width of the heading cell */
  width?: number | string;
  /** 'checkbox': a narrow column of toggles */
  padding?: 'checkbox' | 'none';
}

export interface ColumnsTableProps<R> {
  columns: Array<Column<R> | false>;
  rows: R[];
  rowKey: (row: R, index: number) => string | number;
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
 * once here), for the tables that are not react-admin lists: a task's URLs, alarm events, records.
 */
export function ColumnsTable<R>({
  columns, rows, rowKey, testId, sx, onRowClick, hover = false, rowSelected, rowTestId, headless = false, emptyText, footer, detail,
}: ColumnsTableProps<R>) {
  const t = useTranslate();
  const shown = columns.filter((c): c is Column<R> => c !== false);
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
