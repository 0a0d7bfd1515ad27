import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';

/** One column of a ColumnsTable: its heading (an i18n key) and what a row shows in it. */
export interface Column<R> {
  /** i18n key of the heading */
  label: string;
  render: (row: R) => ReactNode;
  /** cell style, e.g. { whiteSpace: 'nowrap' } or { wordBreak: 'break-all' } */
  sx?: SxProps<Theme>;
  /** a style that depends on the row (a warning colour), instead of sx */
  rowSx?: (row: R) => SxProps<Theme> | undefined;
}

export interface ColumnsTableProps<R> {
  columns: Array<Column<R> | false>;
  rows: R[];
  rowKey: (row: R, index: number) => string | number;
  testId?: string;
  /** a row opens something: the row is highlighted on hover and takes the click */
  onRowClick?: (row: R) => void;
  rowTestId?: (row: R) => string;
  /** no heading row (a short list under a title) */
  headless?: boolean;
}

/**
 * A small read-only table of a custom page from a declaration of its columns (headings translated
 * once here), for the tables that are not react-admin lists: a task's URLs, alarm events, records.
 */
export function ColumnsTable<R>({ columns, rows, rowKey, testId, onRowClick, rowTestId, headless = false }: ColumnsTableProps<R>) {
  const t = useTranslate();
  const shown = columns.filter((c): c is Column<R> => c !== false);
  return (
    <Table size="small" data-testid={testId}>
      {!headless && (
        <TableHead>
          <TableRow>{shown.map((c) => <TableCell key={c.label}>{t(c.label)}</TableCell>)}</TableRow>
        </TableHead>
      )}
      <TableBody>
        {rows.map((r, i) => (
          <TableRow
            key={rowKey(r, i)}
            hover={Boolean(onRowClick)}
            sx={onRowClick ? { cursor: 'pointer' } : undefined}
            onClick={onRowClick ? () => onRowClick(r) : undefined}
            data-testid={rowTestId?.(r)}
          >
            {shown.map((c) => <TableCell key={c.label} sx={c.rowSx ? c.rowSx(r) : c.sx}>{c.render(r)}</TableCell>)}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
