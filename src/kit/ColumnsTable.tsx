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
}

/**
 * A small read-only table of a custom page from a declaration of its columns (headings translated
 * once here), for the tables that are not react-admin lists: a task's URLs, alarm events, records.
 */
export function ColumnsTable<R>({ columns, rows, rowKey, testId }: { columns: Array<Column<R> | false>; rows: R[]; rowKey: (row: R, index: number) => string | number; testId?: string }) {
  const t = useTranslate();
  const shown = columns.filter((c): c is Column<R> => c !== false);
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>{shown.map((c) => <TableCell key={c.label}>{t(c.label)}</TableCell>)}</TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r, i) => (
          <TableRow key={rowKey(r, i)}>
            {shown.map((c) => <TableCell key={c.label} sx={c.sx}>{c.render(r)}</TableCell>)}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
