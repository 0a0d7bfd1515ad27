import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { Create, useNotify, useRedirect, useTranslate } from 'react-admin';
import { PageHeading } from './PageHeading';

export interface PortalCreateProps {
  /** i18n key of the screen's title: the heading above the form, and react-admin's title */
  title: string;
  /** i18n key of the success notice */
  created: string;
  /** the resource whose list is shown after the create */
  resource: string;
  /** runs after the notice, before going to the list */
  afterCreate?: () => Promise<void>;
  children: ReactNode;
}

/** The create shell of the portal's screens: the title as the page's heading, then a notice and the list on success. */
export function PortalCreate({ title, created, resource, afterCreate, children }: PortalCreateProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const text = translate(title);
  const toList = () => redirect('list', resource);
  return (
    <Box>
      <PageHeading>{text}</PageHeading>
      <Create
        title={text}
        mutationOptions={{
          onSuccess: () => {
            notify(created, { type: 'success' });
            return afterCreate ? afterCreate().then(toList) : toList();
          },
        }}
      >
        {children}
      </Create>
    </Box>
  );
}
