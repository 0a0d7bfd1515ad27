import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Overview, OverviewDomain } from '../../../common/wire/traffic/index';
import { BarRanking } from '../../../src/charts';
import { percentOf } from '../../../src/lib/units';
import { ColumnsTable, CsvButton, type CsvColumn } from '../../../src/kit/ColumnsTable';
import { Section } from '../../../src/kit/QueryView';
import { columnMakers } from '../shared/columns';

type DomainRow = OverviewDomain & { id: string; rank: number; share: number };

/** The ten domains with the most traffic in the range: bars and a table (exportable). */
export function TopDomains({ data }: { data: Overview }) {
  const translate = useTranslate();
  const rows: DomainRow[] = data.topDomains.map((d, i) => ({
    ...d,
    id: `${d.account}/${d.domain}`,
    rank: i + 1,
    share: percentOf(d.flow, data.flow),
  }));
  const { text, figure } = columnMakers<DomainRow>((key) => translate(`pages.cdn/newoverview.columns.${key}`));
  const columns: CsvColumn<DomainRow>[] = [
    text('rank', 'rank', 'right'),
    text('domain'),
    text('account'),
    figure('flow', 'bytes'),
    figure('share', 'percent'),
    figure('request', 'count'),
    figure('hitPercent', 'percent'),
    figure('peakBandwidth', 'bandwidth'),
  ];
  return (
    <Section
      title={translate('pages.cdn/newoverview.topDomains')}
      testId="top-domains"
      actions={<CsvButton rows={rows} columns={columns} name="overview-top-domains" />}
    >
      {rows.length === 0 ? (
        <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="top-domains-empty">
          {translate('pages.cdn/newoverview.noDomains')}
        </Box>
      ) : (
        <>
          <Typography variant="subtitle2">{translate('pages.cdn/newoverview.topChart')}</Typography>
          <BarRanking
            data={rows.map((r) => ({ name: r.domain, value: r.flow }))}
            kind="bytes"
            valueTitle={translate('pages.cdn/newoverview.axis.flow')}
            labelWidth={220}
          />
          <ColumnsTable rows={rows} columns={columns} sorting={{ field: 'flow' }} testId="table-top-domains" />
        </>
      )}
    </Section>
  );
}
