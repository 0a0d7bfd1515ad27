import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BillSum, BillSumRow } from '../../../common/wire/traffic/index';
import { formatBytes } from '../../../src/lib/units';
import { ColumnsTable, type CsvColumn } from '../../../src/kit/ColumnsTable';
import { CsvBar } from './CsvBar';
import { formatYuan } from './money';
import { columnMakers } from '../shared/columns';

type Row = BillSumRow & { id: string };

/** The month per domain: usage, peak and 95th-percentile bandwidth, and the fee under each method. */
export function BillSumTable({ data, month }: { data: BillSum; month: string }) {
  const translate = useTranslate();
  const { text, figure } = columnMakers<Row>((key) => translate(`pages.page/bill.columns.${key}`));
  const rows: Row[] = data.list.map((r) => ({ ...r, id: `${r.month}/${r.account}/${r.domain}` }));
  const columns: CsvColumn<Row>[] = [
    text('domain'),
    text('account'),
    figure('flow', 'bytes'),
    figure('request', 'count'),
    figure('peakBandwidth', 'bandwidth'),
    figure('p95Bandwidth', 'bandwidth'),
    figure('trafficFee', 'yuan'),
    figure('bandwidthFee', 'yuan'),
  ];
  return (
    <>
      <CsvBar rows={rows} columns={columns} name={`bill-sum-${month}`}>
        <Typography variant="body2" data-testid="bill-sum-total">
          {translate('pages.page/bill.sum.total', {
            count: rows.length,
            flow: formatBytes(data.total.flow),
            trafficFee: formatYuan(data.total.trafficFee),
            bandwidthFee: formatYuan(data.total.bandwidthFee),
          })}
        </Typography>
      </CsvBar>
      <ColumnsTable rows={rows} columns={columns} sorting={{ field: 'trafficFee', perPage: 25 }} testId="table-bill-sum" />
    </>
  );
}
