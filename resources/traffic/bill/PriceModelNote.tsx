import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PriceModel } from '../../../common/wire/traffic/index';
import { formatCount } from '../../../src/lib/units';
import { formatYuan } from './money';

/** How the fees are computed: the traffic tiers (¥ per GB) and the price of the 95th-percentile bandwidth. */
export function PriceModelNote({ model }: { model: PriceModel }) {
  const translate = useTranslate();
  let lower = 0;
  const tiers = model.trafficTiers.map((t) => {
    const text =
      t.uptoGB === null
        ? translate('pages.page/bill.price.tierAbove', { from: formatCount(lower), price: formatYuan(t.yuanPerGB) })
        : translate('pages.page/bill.price.tier', { from: formatCount(lower), to: formatCount(t.uptoGB), price: formatYuan(t.yuanPerGB) });
    lower = t.uptoGB ?? lower;
    return text;
  });
  return (
    <Box sx={{ fontSize: 13, color: 'text.secondary' }} data-testid="price-model">
      <Typography variant="subtitle2" color="text.primary">
        {translate('pages.page/bill.price.title')}
      </Typography>
      <Typography variant="body2">{translate('pages.page/bill.price.traffic')}</Typography>
      <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
        {tiers.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </Box>
      <Typography variant="body2">{translate('pages.page/bill.price.bandwidth', { price: formatYuan(model.yuanPerMbps95) })}</Typography>
    </Box>
  );
}
