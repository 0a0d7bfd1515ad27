import { Grid, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BillOverview } from '../../../common/wire/traffic/index';
import { formatBytes, formatCount } from '../../../src/lib/units';
import { Section } from '../../../src/kit/QueryView';
import { Tile } from '../../../src/kit/Tile';
import { FeesChart } from './FeesChart';
import { formatYuan, monthsBefore } from './money';
import { PriceModelNote } from './PriceModelNote';
import { HISTORY_MONTHS } from './useBillQueries';

/** The chosen month's totals under both billing methods, the fees of the months before it, and the prices. */
export function BillOverviewPanel({ data, month }: { data: BillOverview; month: string }) {
  const translate = useTranslate();
  const empty = { month, flow: 0, request: 0, domainCount: 0, trafficFee: 0, bandwidthFee: 0 };
  const current = data.months.find((m) => m.month === month) ?? empty;
  const history = Array.from({ length: HISTORY_MONTHS }, (_, i) => monthsBefore(month, HISTORY_MONTHS - 1 - i)).map((m) => {
    const row = data.months.find((x) => x.month === m);
    return { label: m, trafficFee: row?.trafficFee ?? 0, bandwidthFee: row?.bandwidthFee ?? 0 };
  });
  return (
    <Section title={translate('pages.page/bill.overview.title', { month })} testId="bill-overview">
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Tile label={translate('pages.page/bill.overview.trafficFee')} value={formatYuan(current.trafficFee)} testId="bill-traffic-fee">
          <Typography variant="caption" color="text.secondary">
            {translate('pages.page/bill.overview.trafficFeeNote')}
          </Typography>
        </Tile>
        <Tile
          label={translate('pages.page/bill.overview.bandwidthFee')}
          value={formatYuan(current.bandwidthFee)}
          testId="bill-bandwidth-fee"
        >
          <Typography variant="caption" color="text.secondary">
            {translate('pages.page/bill.overview.bandwidthFeeNote')}
          </Typography>
        </Tile>
        <Tile label={translate('pages.page/bill.overview.flow')} value={formatBytes(current.flow)} testId="bill-flow" />
        <Tile label={translate('pages.page/bill.overview.request')} value={formatCount(current.request)} testId="bill-request" />
        <Tile label={translate('pages.page/bill.overview.domains')} value={formatCount(current.domainCount)} testId="bill-domains" />
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Typography variant="subtitle2">{translate('pages.page/bill.overview.chartTitle', { count: HISTORY_MONTHS })}</Typography>
          <FeesChart
            data={history}
            series={[
              { key: 'trafficFee', name: translate('pages.page/bill.overview.trafficFee') },
              { key: 'bandwidthFee', name: translate('pages.page/bill.overview.bandwidthFee') },
            ]}
            axisTitle={translate('pages.page/bill.axis.fee')}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <PriceModelNote model={data.priceModel} />
        </Grid>
      </Grid>
    </Section>
  );
}
