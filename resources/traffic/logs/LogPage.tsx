import { useState } from 'react';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LogSearchQuery } from '../../../dataProviders/api/traffic';
import { LOG_DOWNLOAD_MAX_ROWS } from '../../../common/rules/traffic';
import { MAX_RANGE_DAYS, RETENTION_DAYS } from '../../../src/lib/time';
import { formatCount } from '../../../src/lib/units';
import { useAnalysisLabels } from '../analysis/labels';
import { PageHeader } from '../shared/PageHeader';
import { QueryView } from '../../../src/kit/QueryView';
import { useDomainChoices } from '../shared/useDomainChoices';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';
import { LogDownload } from './LogDownload';
import { LogFilters } from './LogFilters';
import { buildLogQuery, initialLogForm, type LogForm } from './logForm';
import { LogTable, PAGE_SIZES } from './LogTable';

/**
 * /cdn/newlog: raw access logs of the account tree, filtered and paged on the server (newest first),
 * and a download of the searched range as a gzip CSV.
 */
export function LogPage({ onOpenDownload }: { onOpenDownload?: (address: string) => void }) {
  const translate = useTranslate();
  const labels = useAnalysisLabels();
  const [form, setForm] = useState<LogForm>(() => initialLogForm());
  const [applied, setApplied] = useState<LogSearchQuery | null>(() => {
    const built = buildLogQuery(initialLogForm());
    return built.ok ? built.query : null;
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const { providerName } = useDomainChoices(form.accounts);
  const [searchNo, setSearchNo] = useState(0);
  const query = applied ? { ...applied, pageNum: page + 1, pageSize } : null;
  const result = usePortalQuery(['logSearch', query, searchNo], (dp) => dp.logSearch(query!), { enabled: Boolean(query) });

  const search = (f: LogForm = form) => {
    const built = buildLogQuery(f);
    if (!built.ok) {
      setProblem(
        translate(`pages.cdn/newlog.validation.${built.problem}`, { days: built.problem === 'tooOld' ? RETENTION_DAYS : MAX_RANGE_DAYS }),
      );
      return;
    }
    setProblem(null);
    setApplied(built.query);
    setPage(0);
    // Searching again with the same filters reads again (new rows arrive all the time).
    setSearchNo((n) => n + 1);
  };
  const reset = () => {
    const f = initialLogForm();
    setForm(f);
    search(f);
  };
  const total = result.data?.total ?? 0;
  return (
    // A grid track of minmax(0, 1fr) keeps the wide table from widening the page: it scrolls in its box.
    <Box data-testid="log-page" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader title={translate('pages.cdn/newlog.title')} subtitle={translate('pages.cdn/newlog.subtitle')} />
      <LogFilters form={form} onChange={(patch) => setForm((f) => ({ ...f, ...patch }))} onSearch={() => search()} onReset={reset} />
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="log-problem">
          {problem}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }} data-testid="log-total">
            {result.data ? translate('pages.cdn/newlog.total', { count: formatCount(total) }) : translate('pages.cdn/newlog.resultsTitle')}
          </Typography>
          <LogDownload query={applied} total={total} maxRows={LOG_DOWNLOAD_MAX_ROWS} onOpen={onOpenDownload} />
        </Stack>
        <QueryView
          state={result}
          isEmpty={(d) => d.list.length === 0}
          emptyText={translate('pages.cdn/newlog.empty')}
          height={400}
          testId="logs"
        >
          {(d) => (
            <LogTable
              result={d}
              page={page}
              pageSize={pageSize}
              onPage={setPage}
              onPageSize={(s) => (setPageSize(s), setPage(0))}
              labels={labels}
              providerName={providerName}
            />
          )}
        </QueryView>
      </Paper>
    </Box>
  );
}

export default LogPage;
