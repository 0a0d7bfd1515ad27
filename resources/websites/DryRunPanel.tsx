import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import type { DryRunBody, DryRunResult, DryRunSample } from '../../common/wire/websites';
import { ColumnsTable, type Column } from '../../src/kit/ColumnsTable';
import { formatTime } from '../../src/lib/time';
import { formatCount } from '../../src/lib/units';
import { useErrorText } from '../../src/kit/errorText';
import { Spinner } from '../../src/kit/Progress';

const sample = (k: string) => `resources.dcdn/website.dryRun.${k}`;

/** The matched requests' table. */
const SAMPLE_COLUMNS: Column<DryRunSample>[] = [
  { label: sample('time'), render: (s) => formatTime(s.time), sx: { whiteSpace: 'nowrap' } },
  { label: sample('method'), render: (s) => s.method },
  { label: sample('url'), render: (s) => s.url, sx: { maxWidth: 360, overflowWrap: 'anywhere' } },
  { label: sample('status'), render: (s) => s.status },
  { label: sample('clientIp'), render: (s) => s.clientIp },
  { label: sample('country'), render: (s) => s.country },
  {
    label: sample('userAgent'),
    render: (s) => s.userAgent,
    sx: { maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  },
];

/**
 * 'Dry run' of the rule or policy on the page (issue #18): `body` gives the unsaved rule or policy as
 * typed (null while the form is invalid: the page shows why), the server counts what it would have
 * matched in the website's access logs of the last 24 hours; hourly counts as a chart, samples as a table.
 */
export function DryRunPanel({ body }: { body: () => DryRunBody | null }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [result, setResult] = useState<DryRunResult | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState('');
  const errorText = useErrorText();
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.dcdn/website.dryRun.${k}`, o);
  const run = async () => {
    const b = body();
    if (!b) return;
    setRunning(true);
    setFailure('');
    try {
      setResult(await dataProvider.wafDryRun(b));
    } catch (e) {
      setResult(null);
      setFailure(errorText(e));
    } finally {
      setRunning(false);
    }
  };
  const hourLabel = (ms: number) => formatTime(ms, 'minute').slice(5);
  return (
    <Card data-testid="dry-run">
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center">
          <Button variant="outlined" onClick={() => void run()} disabled={running} data-testid="dry-run-button">
            {t('run')}
          </Button>
          {running && (
            <Stack direction="row" spacing={1} alignItems="center" data-testid="dry-run-loading">
              <Spinner size={18} label={t('running')} />
              <Typography variant="body2">{t('running')}</Typography>
            </Stack>
          )}
        </Stack>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
        {result && !running && !result.evaluable && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="dry-run-not-evaluable">
            {t(`notEvaluable.${result.notEvaluable ?? 'header'}`)}
          </Alert>
        )}
        {result && !running && result.evaluable && (
          <Box sx={{ mt: 2 }} data-testid="dry-run-result">
            <Typography variant="subtitle1">{t('title', { domain: result.domain })}</Typography>
            <Typography variant="h6" data-testid="dry-run-summary">
              {t('summary', { matched: formatCount(result.matched), total: formatCount(result.total) })}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('elapsed', { ms: result.elapsedMs })}
            </Typography>
            <Box sx={{ height: 240, mt: 1 }} data-testid="dry-run-chart">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={result.hours} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="time" tickFormatter={hourLabel} minTickGap={24} />
                  <YAxis allowDecimals={false} />
                  <Tooltip labelFormatter={(v) => hourLabel(Number(v))} />
                  <Legend />
                  <Bar dataKey="total" name={t('total')} fill="#90caf9" />
                  <Bar dataKey="matched" name={t('matched')} fill="#e53935" />
                </BarChart>
              </ResponsiveContainer>
            </Box>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {t('samples')}
            </Typography>
            {result.samples.length ? (
              <ColumnsTable<DryRunSample> rows={result.samples} columns={SAMPLE_COLUMNS} testId="dry-run-samples" />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('noSamples')}
              </Typography>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
