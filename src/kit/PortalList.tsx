import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { List, useTranslate, type ListProps } from 'react-admin';
import { PageHeading } from './PageHeading';
import { PortalPagination } from './PortalPagination';

export interface PortalListProps extends Omit<ListProps, 'title'> {
  /** i18n key of the screen's title: the heading above the list, and react-admin's title */
  title: string;
  /** in place of the heading (a heading with links); false: none, the list alone (a list inside a tab) */
  heading?: ReactNode | false;
  children: ReactNode;
}

/**
 * The list shell of the portal's screens: the title as the page's heading, then react-admin's <List>
 * with the portal's defaults (newest first by createTime, 20 a page with the portal's page sizes, no
 * react-admin empty page: the Datagrid says there are no rows). Every other List prop passes through.
 */
export function PortalList({ title, heading, children, ...props }: PortalListProps) {
  const translate = useTranslate();
  const text = translate(title);
  const list = (
    <List
      title={text}
      sort={{ field: 'createTime', order: 'DESC' }}
      perPage={20}
      pagination={<PortalPagination />}
      empty={false}
      {...props}
    >
      {children}
    </List>
  );
  if (heading === false) return list;
  return (
    <Box>
      {heading ?? <PageHeading>{text}</PageHeading>}
      {list}
    </Box>
  );
}
