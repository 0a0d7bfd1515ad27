import type { ReactNode } from 'react';
import { Alert, Box, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AnalysisMeasure } from '../../../../dataProviders/api/trafficTypes';
import type { AnalysisQueryState } from './useAnalysisQuery';
import { Choice } from '../trafficShared/Choice';

/** A titled panel of a tab with optional actions (measure toggle, export) on the right. */
export function Section({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, flexWrap: 'wrap' }} useFlexGap>
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
 * Renders a query's state: 'domains is required' (no call made), loading, error, empty, or the content.
 */
export function QueryView<T>({
  state,
  isEmpty,
  children,
  height = 240,
}: {
  state: AnalysisQueryState<T>;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
  height?: number;
}) {
  const translate = useTranslate();
  if (state.blocked)
    return (
      <Alert severity="warning" data-testid="domains-required">
        {translate('analysis.validation.domainsRequired')}
      </Alert>
    );
  if (state.error)
    return (
      <Alert severity="error" data-testid="analysis-error">
        {state.error}
      </Alert>
    );
  if (state.loading || state.data === undefined)
    return (
      <Box role="progressbar" aria-label={translate('analysis.loading')}>
        <Skeleton variant="rectangular" height={height} />
      </Box>
    );
  if (isEmpty(state.data))
    return (
      <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="analysis-empty">
        {translate('analysis.empty')}
      </Box>
    );
  return <>{children(state.data)}</>;
}

/** "By requests / By flow" switch. */
export function MeasureToggle({ value, onChange }: { value: AnalysisMeasure; onChange: (m: AnalysisMeasure) => void }) {
  const translate = useTranslate();
  return (
    <Choice
      value={value}
      onChange={onChange}
      label={translate('analysis.measure.label')}
      options={[
        { value: 'request', label: translate('analysis.measure.request'), testId: 'measure-request' },
        { value: 'flow', label: translate('analysis.measure.flow'), testId: 'measure-flow' },
      ]}
    />
  );
}

/** A headline figure (tiles above charts). */
export function Figure({ label, value, note, testId }: { label: string; value: string; note?: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 160 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </Box>
  );
}
