import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material';
import {
  downloadCSV,
  ExportButton,
  FilterButton,
  SelectArrayInput,
  SelectInput,
  TopToolbar,
  type Exporter,
  type RaRecord,
  type TranslateFunction,
} from 'react-admin';
import { safeCsvCell } from '../lib/csv';

/** The parts of a list screen: its toolbar with the CSV export, and its select filters. */

/** A list's CSV columns: the field (its header is the field's label) and the row's text in the current language. */
export type ExportColumns<T> = ReadonlyArray<readonly [field: string, text: (row: T, t: TranslateFunction) => string]>;

/** The rows as CSV: a header row of the columns' labels, a row a record; formula-safe cells (safeCsvCell), CRLF, no byte-order mark. */
export function listCsv<T>(rows: readonly T[], columns: ExportColumns<T>, label: (field: string) => string, t: TranslateFunction): string {
  const head = columns.map(([field]) => safeCsvCell(t(label(field)))).join(',');
  return [head, ...rows.map((r) => columns.map(([, text]) => safeCsvCell(text(r, t))).join(','))].join('\r\n');
}

/** ExportButton's exporter of listCsv, saved as `<name>.csv`. */
export const listExporter =
  <T extends RaRecord>(columns: ExportColumns<T>, label: (field: string) => string, t: TranslateFunction, name: string): Exporter<T> =>
  (records) =>
    downloadCSV(listCsv(records, columns, label, t), name);

export interface ListActionsProps {
  exporter: Exporter;
  /** the Filter button for the filters that are not always shown (default: with it) */
  filterButton?: boolean;
  /** default: 10000 */
  maxResults?: number;
  /** i18n key of the export button (default: react-admin's 'Export') */
  exportLabel?: string;
  /** further buttons, between Filter and Export (Create) */
  children?: ReactNode;
}

/** A list's toolbar: Filter, the list's own buttons, Export (CSV of up to maxResults rows of the list's filter and sort). */
export function ListActions({ exporter, filterButton = true, maxResults = 10000, exportLabel, children }: ListActionsProps) {
  return (
    <TopToolbar>
      {filterButton && <FilterButton />}
      {children}
      <ExportButton exporter={exporter} maxResults={maxResults} label={exportLabel} />
    </TopToolbar>
  );
}

/** react-admin choices of fixed values, each named by the i18n key `<names>.<value>` (the inputs translate it). */
export const namedChoices = <T extends string | number>(values: readonly T[], names: string) =>
  values.map((id) => ({ id, name: `${names}.${String(id)}` }));

export interface SelectFilterOptions {
  /** several values at once (SelectArrayInput) */
  multiple?: boolean;
  /** behind the Filter button (default: always shown) */
  hidden?: boolean;
}

/** A list's filter by one of the given choices (namedChoices), keyed by its source. */
export function selectFilter(
  source: string,
  label: string,
  choices: Array<{ id: string | number; name: string }>,
  sx: SxProps<Theme>,
  { multiple = false, hidden = false }: SelectFilterOptions = {},
) {
  const Input = multiple ? SelectArrayInput : SelectInput;
  return <Input key={source} source={source} label={label} choices={choices} alwaysOn={!hidden} sx={sx} />;
}
