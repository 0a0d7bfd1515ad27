import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Overview, OverviewDomain } from '../../../common/wire/traffic/index';
import { BarRanking } from '../../../src/charts';
import { formatBandwidth, formatBytes, formatCount, formatPercent, percentOf } from '../../../src/lib/units';
import { ColumnsTable, CsvButton, type CsvColumn } from '../../../src/kit/ColumnsTable';
import { Section } from '../../../src/kit/QueryView';
import { Nowrap } from '../shared/Nowrap';

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
  const col = (key: string) => translate(`pages.cdn/newoverview.columns.${key}`);
  const columns: CsvColumn<DomainRow>[] = [
    { source: 'rank', label: col('rank'), render: (r) => r.rank, csv: (r) => r.rank, align: 'right' },
    { source: 'domain', label: col('domain'), render: (r) => r.domain, csv: (r) => r.domain },
    { source: 'account', label: col('account'), render: (r) => r.account, csv: (r) => r.account },
    {
      source: 'flow',
      label: col('flow'),
      csvHeader: `${col('flow')} (B)`,
      render: (r) => <Nowrap>{formatBytes(r.flow)}</Nowrap>,
      csv: (r) => r.flow,
      align: 'right',
    },
    {
      source: 'share',
      label: col('share'),
      csvHeader: `${col('share')} (%)`,
      render: (r) => <Nowrap>{formatPercent(r.share)}</Nowrap>,
      csv: (r) => r.share,
      align: 'right',
    },
    {
      source: 'request',
      label: col('request'),
      render: (r) => <Nowrap>{formatCount(r.request)}</Nowrap>,
      csv: (r) => r.request,
      align: 'right',
    },
    {
      source: 'hitPercent',
      label: col('hitPercent'),
      csvHeader: `${col('hitPercent')} (%)`,
      render: (r) => <Nowrap>{formatPercent(r.hitPercent)}</Nowrap>,
      csv: (r) => r.hitPercent,
      align: 'right',
    },
    {
      source: 'peakBandwidth',
      label: col('peakBandwidth'),
      csvHeader: `${col('peakBandwidth')} (bps)`,
      render: (r) => <Nowrap>{formatBandwidth(r.peakBandwidth)}</Nowrap>,
      csv: (r) => r.peakBandwidth,
      align: 'right',
    },
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
