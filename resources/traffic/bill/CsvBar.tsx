import type { ReactNode } from 'react';
import { Stack } from '@mui/material';
import { CsvButton, type CsvColumn } from '../../../src/kit/ColumnsTable';

/** The bar above a bill table: `children` at the left, the table's CSV export at the right. */
export function CsvBar<R>({ rows, columns, name, children }: { rows: R[]; columns: CsvColumn<R>[]; name: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
      {children}
      <CsvButton rows={rows} columns={columns} name={name} />
    </Stack>
  );
}
