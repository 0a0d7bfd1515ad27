import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BillSum, BillSumRow } from '../../../common/wire/traffic/index';
import { formatBandwidth, formatBytes, formatCount } from '../../../src/lib/units';
import { ColumnsTable, CsvButton, type CsvColumn } from '../../../src/kit/ColumnsTable';
import { formatYuan } from './money';
import { Nowrap } from '../shared/Nowrap';

type Row = BillSumRow & { id: string };

/** The month per domain: usage, peak and 95th-percentile bandwidth, and the fee under each method. */
export function BillSumTable({ data, month }: { data: BillSum; month: string }) {
  const translate = useTranslate();
  const col = (key: string) => translate(`pages.page/bill.columns.${key}`);
  const rows: Row[] = data.list.map((r) => ({ ...r, id: `${r.month}/${r.account}/${r.domain}` }));
  const columns: CsvColumn<Row>[] = [
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
      source: 'request',
      label: col('request'),
      render: (r) => <Nowrap>{formatCount(r.request)}</Nowrap>,
      csv: (r) => r.request,
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
    {
      source: 'p95Bandwidth',
      label: col('p95Bandwidth'),
      csvHeader: `${col('p95Bandwidth')} (bps)`,
      render: (r) => <Nowrap>{formatBandwidth(r.p95Bandwidth)}</Nowrap>,
      csv: (r) => r.p95Bandwidth,
      align: 'right',
    },
    {
      source: 'trafficFee',
      label: col('trafficFee'),
      csvHeader: `${col('trafficFee')} (CNY)`,
      render: (r) => <Nowrap>{formatYuan(r.trafficFee)}</Nowrap>,
      csv: (r) => r.trafficFee.toFixed(2),
      align: 'right',
    },
    {
      source: 'bandwidthFee',
      label: col('bandwidthFee'),
      csvHeader: `${col('bandwidthFee')} (CNY)`,
      render: (r) => <Nowrap>{formatYuan(r.bandwidthFee)}</Nowrap>,
      csv: (r) => r.bandwidthFee.toFixed(2),
      align: 'right',
    },
  ];
  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="body2" data-testid="bill-sum-total">
          {translate('pages.page/bill.sum.total', {
            count: rows.length,
            flow: formatBytes(data.total.flow),
            trafficFee: formatYuan(data.total.trafficFee),
            bandwidthFee: formatYuan(data.total.bandwidthFee),
          })}
        </Typography>
        <CsvButton rows={rows} columns={columns} name={`bill-sum-${month}`} />
      </Stack>
      <ColumnsTable rows={rows} columns={columns} sorting={{ field: 'trafficFee', perPage: 25 }} testId="table-bill-sum" />
    </>
  );
}
