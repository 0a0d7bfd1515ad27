import type { ReactNode } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Datagrid, downloadCSV, FunctionField, ListContextProvider, Pagination, ResourceContextProvider, useList, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { toCsv } from '../../../src/lib/csv';
import dayjs from 'dayjs';

export interface Column<T> {
  /** field used for sorting */
  source: string;
  /** header (translated) */
  label: string;
  render: (row: T) => ReactNode;
  /** the CSV value (raw numbers: bytes, counts, percentages) */
  csv: (row: T) => string | number;
  /** CSV header when it needs a unit the screen shows in the cells, e.g. 'Traffic (bytes)' */
  csvHeader?: string;
  align?: 'left' | 'right';
  sortable?: boolean;
}

export type Row = { id: string | number };

/** A react-admin Datagrid over rows already loaded (sorting and paging in the browser). */
export function LocalTable<T extends Row>({ rows, columns, perPage = 10, sortField, testId }: { rows: T[]; columns: Column<T>[]; perPage?: number; sortField?: string; testId?: string }) {
  // Rows are plain wire items plus an id; react-admin types records with an index signature.
  const list = useList<RaRecord>({ data: rows as unknown as RaRecord[], perPage, sort: sortField ? { field: sortField, order: 'DESC' } : undefined });
  return (
    <ResourceContextProvider value="cdn/analysis">
      <ListContextProvider value={list}>
        <Datagrid bulkActionButtons={false} rowClick={false} data-testid={testId} size="small">
          {columns.map((c) => (
            <FunctionField key={c.source} source={c.source} label={c.label} sortable={c.sortable ?? true} textAlign={c.align} render={(r) => c.render(r as unknown as T)} />
          ))}
        </Datagrid>
        {rows.length > perPage && <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/** Exports what a table shows (all its rows, its columns, raw numbers) as CSV. */
export function CsvButton<T>({ rows, columns, name }: { rows: T[]; columns: Column<T>[]; name: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const save = () => {
    downloadCSV(toCsv(rows, columns.map((c) => ({ header: c.csvHeader ?? c.label, value: c.csv }))), `${name}-${dayjs().format('YYYYMMDD-HHmmss')}`);
    notify('pages.cdn/analysisOff.exported', { type: 'info', messageArgs: { count: rows.length } });
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={save} disabled={!rows.length} data-testid={`export-${name}`}>
      {translate('pages.cdn/analysisOff.export')}
    </Button>
  );
}
