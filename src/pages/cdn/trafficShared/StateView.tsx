import type { ReactNode } from 'react';
import { Alert, Box, Button, Skeleton } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PortalQueryState } from './usePortalQuery';

/**
 * What a traffic screen shows for one call: a skeleton while loading, the error (server msg or
 * 'An unknown error') with a retry, an empty-state text, or the content.
 */
export function StateView<T>({
  state,
  isEmpty,
  emptyText,
  children,
  height = 240,
  testId,
}: {
  state: PortalQueryState<T>;
  isEmpty: (data: T) => boolean;
  /** translated; default: no data for this selection */
  emptyText?: string;
  children: (data: T) => ReactNode;
  height?: number;
  testId?: string;
}) {
  const translate = useTranslate();
  if (state.error)
    return (
      <Alert
        severity="error"
        data-testid={testId ? `${testId}-error` : 'page-error'}
        action={
          <Button color="inherit" size="small" onClick={state.refetch}>
            {translate('trafficPages.retry')}
          </Button>
        }
      >
        {state.error}
      </Alert>
    );
  if (state.loading || state.data === undefined)
    return (
      <Box role="progressbar" aria-label={translate('trafficPages.loading')} data-testid={testId ? `${testId}-loading` : undefined}>
        <Skeleton variant="rectangular" height={height} />
      </Box>
    );
  if (isEmpty(state.data))
    return (
      <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }} data-testid={testId ? `${testId}-empty` : 'page-empty'}>
        {emptyText ?? translate('trafficPages.empty')}
      </Box>
    );
  return <>{children(state.data)}</>;
}
