import { Alert, Box, Grid } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { StatusData } from '../../../../common/wire/traffic/index';
import { PieShare } from '../../../../src/charts';
import { formatBytes } from '../../../../src/lib/units';
import { ColumnsTable, CsvButton, type CsvColumn } from '../../../../src/kit/ColumnsTable';
import { QueryView, Section } from '../TabParts';
import { useAnalysisQuery, type TabProps } from '../useAnalysisQuery';
import { percentColumn, requestColumn } from './columns';
import { STATUS_CLASSES, STATUS_COLORS, StatusClassChart } from './StatusClassChart';

interface CodeRow {
  id: number;
  code: number;
  statusClass: string;
  request: number;
  percent: number;
  flow: number | null;
}

/** Status class key of a code: 1xx–5xx by first digit, anything else 'statusCode0' (spec §9). */
export function statusClassOf(code: number): (typeof STATUS_CLASSES)[number] {
  const first = Math.floor(code / 100);
  return first >= 1 && first <= 5 ? (`statusCode${first}` as (typeof STATUS_CLASSES)[number]) : 'statusCode0';
}

/** Status codes: share per class, class curves, and every code with requests, share and traffic. */
export function StatusCodeTab(props: TabProps) {
  const translate = useTranslate();
  const { variant, applied } = props;
  const requests = useAnalysisQuery('status-request', props, (dp) => dp.analysisStatusCode(variant, applied.search, 'request'));
  const bytes = useAnalysisQuery('status-flow', props, (dp) => dp.analysisStatusCode(variant, applied.search, 'flow'), {
    needsDomains: true,
  });
  const curve = useAnalysisQuery('statusDb', props, (dp) => dp.analysisCurve('statusCode', applied.search));
  const flowOf = new Map((bytes.data?.list ?? []).map((c) => [c.code, c.value]));
  const rows: CodeRow[] = (requests.data?.list ?? []).map((c) => ({
    id: c.code,
    code: c.code,
    statusClass: translate(`pages.cdn/analysisOff.status.classes.${statusClassOf(c.code)}`),
    request: c.value,
    percent: c.percent,
    flow: bytes.data ? (flowOf.get(c.code) ?? 0) : null,
  }));
  const columns: CsvColumn<CodeRow>[] = [
    { source: 'code', label: translate('pages.cdn/analysisOff.columns.code'), render: (r) => r.code, csv: (r) => r.code },
    {
      source: 'statusClass',
      label: translate('pages.cdn/analysisOff.columns.statusClass'),
      render: (r) => r.statusClass,
      csv: (r) => r.statusClass,
    },
    requestColumn<CodeRow>(translate),
    percentColumn<CodeRow>(translate),
    ...(bytes.data
      ? [
          {
            source: 'flow',
            label: translate('pages.cdn/analysisOff.columns.flow'),
            csvHeader: `${translate('pages.cdn/analysisOff.columns.flow')} (B)`,
            render: (r: CodeRow) => formatBytes(r.flow),
            csv: (r: CodeRow) => r.flow ?? '',
            align: 'right' as const,
          },
        ]
      : []),
  ];
  const isEmpty = (d: StatusData) => d.list.length === 0;
  return (
    <>
      <Section title={translate('pages.cdn/analysisOff.status.classTitle')} testId="tab-status">
        <QueryView state={requests} isEmpty={isEmpty}>
          {(d) => (
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, lg: 4 }}>
                <PieShare
                  data={STATUS_CLASSES.map((k) => ({
                    name: translate(`pages.cdn/analysisOff.status.classes.${k}`),
                    value: d[k],
                    color: STATUS_COLORS[k],
                  }))}
                  kind="count"
                  otherLabel={translate('pages.cdn/analysisOff.other')}
                  height={320}
                  legend="bottom"
                />
              </Grid>
              <Grid size={{ xs: 12, lg: 8 }}>
                <QueryView state={curve} isEmpty={(c) => c.length === 0}>
                  {(c) => <StatusClassChart points={c} range={applied.range} interval={applied.interval} />}
                </QueryView>
              </Grid>
            </Grid>
          )}
        </QueryView>
      </Section>
      <Section
        title={translate('pages.cdn/analysisOff.status.tableTitle')}
        actions={<CsvButton rows={rows} columns={columns} name="status-codes" />}
      >
        <QueryView state={requests} isEmpty={isEmpty}>
          {() => (
            <Box>
              {bytes.blocked && (
                <Alert severity="info" sx={{ mb: 1 }} data-testid="domains-required">
                  {translate('pages.cdn/analysisOff.validation.domainsRequired')}
                </Alert>
              )}
              {bytes.error && (
                <Alert severity="error" sx={{ mb: 1 }}>
                  {bytes.error}
                </Alert>
              )}
              <ColumnsTable rows={rows} columns={columns} sorting={{ field: 'request' }} testId="table-status" />
            </Box>
          )}
        </QueryView>
      </Section>
    </>
  );
}
