import { useMemo, useState } from 'react';
import { Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BillQuery } from '../../../common/wire/traffic/index';
import { AccountSelect, accountsToSend, ALL_ACCOUNTS } from '../shared/AccountSelect';
import { PageHeader } from '../shared/PageHeader';
import { QueryView } from '../../../src/kit/QueryView';
import { BillDetailTable } from './BillDetailTable';
import { BillOverviewPanel } from './BillOverviewPanel';
import { BillSumTable } from './BillSumTable';
import { recentMonths } from './money';
import { useBillQueries, useCurrentBillQuery } from './useBillQueries';
import { MonthSelect } from '../shared/SingleSelect';

type View = 'sum' | 'detail';

/**
 * /page/bill: a month's fees in yuan from measured usage, under traffic billing (tiered per GB) and
 * 95th-percentile bandwidth billing: overview with history, sum per domain, detail per day.
 */
export function BillPage() {
  const translate = useTranslate();
  const months = useMemo(() => recentMonths(), []);
  const [month, setMonth] = useState(months[0]);
  const [accounts, setAccounts] = useState<string[]>([ALL_ACCOUNTS]);
  const [view, setView] = useState<View>('sum');
  const query: BillQuery = useMemo(() => ({ accounts: accountsToSend(accounts), startMonth: month, endMonth: month }), [accounts, month]);
  const { overview, sum, detail } = useBillQueries(query);
  const [current] = useCurrentBillQuery();
  return (
    <div data-testid="bill-page">
      <PageHeader title={translate('pages.page/bill.title')} subtitle={translate('pages.page/bill.subtitle')} />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <MonthSelect label={translate('pages.page/bill.month')} value={month} onChange={setMonth} months={months} testId="bill-month" />
        <AccountSelect value={accounts} onChange={setAccounts} />
        {current && (
          <Typography variant="body2" color="text.secondary" data-testid="bill-current-query">
            {translate('pages.page/bill.currentQuery', { month: current.startMonth, count: current.accounts?.length ?? 0 })}
          </Typography>
        )}
      </Stack>
      <QueryView state={overview} isEmpty={() => false} height={360} testId="bill-overview">
        {(d) => <BillOverviewPanel data={d} month={month} />}
      </QueryView>
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
        <Tabs value={view} onChange={(_e, v: View) => setView(v)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Tab value="sum" label={translate('pages.page/bill.sum.title')} data-testid="bill-tab-sum" />
          <Tab value="detail" label={translate('pages.page/bill.detail.title')} data-testid="bill-tab-detail" />
        </Tabs>
        {view === 'sum' ? (
          <QueryView
            state={sum}
            isEmpty={(d) => d.list.length === 0}
            emptyText={translate('pages.page/bill.empty', { month })}
            testId="bill-sum"
          >
            {(d) => <BillSumTable data={d} month={month} />}
          </QueryView>
        ) : (
          <QueryView
            state={detail}
            isEmpty={(d) => d.list.length === 0}
            emptyText={translate('pages.page/bill.empty', { month })}
            testId="bill-detail"
          >
            {(d) => <BillDetailTable data={d} month={month} />}
          </QueryView>
        )}
      </Paper>
    </div>
  );
}

export default BillPage;
