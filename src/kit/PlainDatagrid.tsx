import { Typography } from '@mui/material';
import { Datagrid, useTranslate, type DatagridProps } from 'react-admin';

/**
 * A Datagrid of rows to read, not to select or open (no bulk actions, no row click), which says
 * `emptyText` (an i18n key) in a muted line when there are no rows. Every other Datagrid prop passes through.
 */
export function PlainDatagrid({ emptyText, ...props }: DatagridProps & { emptyText: string }) {
  const translate = useTranslate();
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      empty={
        <Typography sx={{ p: 2 }} color="text.secondary">
          {translate(emptyText)}
        </Typography>
      }
      {...props}
    />
  );
}
