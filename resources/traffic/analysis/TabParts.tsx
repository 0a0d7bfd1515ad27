import type { ReactNode } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AnalysisMeasure } from '../../../common/wire/traffic/index';
import type { AnalysisQueryState } from './useAnalysisQuery';
import { Choice, optionsOf } from '../shared/Choice';
import { QueryView as KitQueryView, Section } from '../../../src/kit/QueryView';

export { Section };

/** An analysis call's state: 'domains is required' (no call made), else the page kit's view. */
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
        {translate('pages.cdn/analysisOff.validation.domainsRequired')}
      </Alert>
    );
  return (
    <KitQueryView state={state} isEmpty={isEmpty} emptyText={translate('pages.cdn/analysisOff.empty')} height={height} testId="analysis">
      {children}
    </KitQueryView>
  );
}

/** "By requests / By flow" switch. */
export function MeasureToggle({ value, onChange }: { value: AnalysisMeasure; onChange: (m: AnalysisMeasure) => void }) {
  const translate = useTranslate();
  return (
    <Choice
      value={value}
      onChange={onChange}
      label={translate('pages.cdn/analysisOff.measure.label')}
      options={optionsOf(['request', 'flow'] as const, (m) => translate(`pages.cdn/analysisOff.measure.${m}`), 'measure')}
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
