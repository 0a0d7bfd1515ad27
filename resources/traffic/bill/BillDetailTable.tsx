import { useMemo, useState } from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BillDetail, BillDetailRow } from '../../../common/wire/traffic/index';
import { ColumnsTable, type CsvColumn } from '../../../src/kit/ColumnsTable';
import { CsvBar } from './CsvBar';
import { FeesChart } from './FeesChart';
import { columnMakers } from '../shared/columns';
import { SingleSelect } from '../shared/SingleSelect';

type Row = BillDetailRow & { id: string };
const ALL = '';

/** Days of the month per domain (one domain or all), with the traffic fee of each day and its chart. */
export function BillDetailTable({ data, month }: { data: BillDetail; month: string }) {
  const translate = useTranslate();
  const [domain, setDomain] = useState(ALL);
  const { text, figure } = columnMakers<Row>((key) => translate(`pages.page/bill.columns.${key}`));
  const domains = useMemo(() => [...new Set(data.list.map((r) => r.domain))].sort(), [data.list]);
  const rows: Row[] = data.list
    .filter((r) => domain === ALL || r.domain === domain)
    .map((r) => ({ ...r, id: `${r.date}/${r.account}/${r.domain}` }));
  const perDay = [...new Set(rows.map((r) => r.date))].sort().map((date) => ({
    label: date.slice(5),
    trafficFee: Math.round(rows.filter((r) => r.date === date).reduce((s, r) => s + r.trafficFee, 0) * 100) / 100,
  }));
  const columns: CsvColumn<Row>[] = [
    text('date'),
    text('domain'),
    text('account'),
    figure('flow', 'bytes'),
    figure('request', 'count'),
    figure('peakBandwidth', 'bandwidth'),
    figure('trafficFee', 'yuan'),
  ];
  return (
    <>
      <CsvBar rows={rows} columns={columns} name={`bill-detail-${month}${domain ? `-${domain}` : ''}`}>
        <SingleSelect
          label={translate('pages.page/bill.detail.domain')}
          value={domain}
          onChange={setDomain}
          minWidth={260}
          testId="bill-detail-domain"
          options={[{ value: ALL, label: translate('portal.traffic.allDomains') }, ...domains.map((d) => ({ value: d, label: d }))]}
        />
      </CsvBar>
      <Typography variant="subtitle2">{translate('pages.page/bill.detail.chartTitle')}</Typography>
      <FeesChart
        data={perDay}
        series={[{ key: 'trafficFee', name: translate('pages.page/bill.columns.trafficFee') }]}
        axisTitle={translate('pages.page/bill.axis.fee')}
        height={240}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {translate('pages.page/bill.detail.note')}
      </Typography>
      <ColumnsTable rows={rows} columns={columns} sorting={{ perPage: 25 }} testId="table-bill-detail" />
    </>
  );
}
