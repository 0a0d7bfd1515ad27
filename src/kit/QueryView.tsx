import type { ReactNode } from 'react';
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A titled panel of a custom page with optional actions (toggles, export) on the right. */
export function Section({
  title,
  actions,
  children,
  testId,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={testId}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, flexWrap: 'wrap' }}
        useFlexGap
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {actions}
        </Stack>
      </Stack>
      {children}
    </Paper>
  );
}

/**
 * What a react-admin list shows without rows (its Datagrid's `empty`), the same on every list: an
 * optional icon over the translated text, centred, and what the list offers instead (an upload button).
 */
export function ListEmpty({
  text,
  textArgs,
  testId,
  icon,
  children,
}: {
  text: string;
  textArgs?: Record<string, unknown>;
  testId?: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }} data-testid={testId}>
      {icon}
      <Typography>{translate(text, textArgs)}</Typography>
      {children}
    </Box>
  );
}

/** The state of one call as QueryView reads it (usePortalQuery's, or the analysis tabs'). */
export interface ViewState<T> {
  data: T | undefined;
  loading: boolean;
  /** translated error text */
  error: string | null;
  /** offered as a retry button beside the error */
  refetch?: () => void;
}

/**
 * What a custom page shows for one call, the same on every page: the error (with a retry when the
 * page can retry), a skeleton while loading, the empty text, or the content. Test ids are
 * `<testId>-error`, `-empty`, `-loading`.
 */
export function QueryView<T>({
  state,
  isEmpty,
  children,
  emptyText,
  height = 240,
  testId = 'page',
}: {
  state: ViewState<T>;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
  /** translated; default: no data for this selection */
  emptyText?: string;
  height?: number;
  testId?: string;
}) {
  const translate = useTranslate();
  if (state.error)
    return (
      <Alert
        severity="error"
        data-testid={`${testId}-error`}
        action={
          state.refetch && (
            <Button color="inherit" size="small" onClick={state.refetch}>
              {translate('portal.traffic.retry')}
            </Button>
          )
        }
      >
        {state.error}
      </Alert>
    );
  if (state.loading || state.data === undefined)
    return (
      <Box role="progressbar" aria-label={translate('portal.traffic.loading')} data-testid={`${testId}-loading`}>
        <Skeleton variant="rectangular" height={height} />
      </Box>
    );
  if (isEmpty(state.data))
    return (
      <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }} data-testid={`${testId}-empty`}>
        {emptyText ?? translate('portal.traffic.empty')}
      </Box>
    );
  return <>{children(state.data)}</>;
}
