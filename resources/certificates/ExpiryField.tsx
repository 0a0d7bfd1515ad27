import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Certificate } from '../../common/wire/certificates';
import { expiryColor, expiryOf } from './rules';
import { formatDate, t } from './certificateUi';

/**
 * Expiry date with the days left: warning colour within 30 days, error colour once expired
 * (data-state carries the state for tests and styles).
 */
export function ExpiryValue({ expireTime, now }: { expireTime: string; now?: number }) {
  const translate = useTranslate();
  const { state, days } = expiryOf(expireTime, now);
  const color = `${expiryColor(state)}.main`;
  const note =
    state === 'expired'
      ? translate(t('expiry.expiredAgo'), { smart_count: Math.max(1, -days) })
      : translate(t('expiry.daysLeft'), { smart_count: days });
  return (
    <Box data-testid="certificate-expiry" data-state={state} sx={{ whiteSpace: 'nowrap' }}>
      <Typography
        variant="body2"
        component="span"
        sx={{ color: state === 'valid' ? 'text.primary' : color, fontWeight: state === 'valid' ? 400 : 600 }}
      >
        {formatDate(expireTime)}
      </Typography>
      <Typography variant="caption" component="div" sx={{ color: state === 'valid' ? 'text.secondary' : color }}>
        {state === 'valid' ? note : `${translate(t(`expiry.${state}`))} · ${note}`}
      </Typography>
    </Box>
  );
}

/** Datagrid column of the expiry. */
export function ExpiryField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Certificate>();
  if (!record?.expireTime) return null;
  return <ExpiryValue expireTime={record.expireTime} />;
}
