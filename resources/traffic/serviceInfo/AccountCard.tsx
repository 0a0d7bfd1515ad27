import { Chip, Paper, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ServiceInfoInit } from '../../../common/wire/traffic/index';
import { day } from '../../../src/lib/time';

/** Who the services belong to: company, account, sub-accounts, domains, lines and the span of the data. */
export function AccountCard({ init }: { init: ServiceInfoInit }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const date = (s: number | null) => (s === null ? '—' : day(s * 1000, locale).format('YYYY-MM-DD'));
  const subAccounts = init.accounts.filter((a) => a.identity !== init.account).length;
  const item = (label: string, value: string, testId?: string) => (
    <div data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="subtitle1">{value}</Typography>
    </div>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="account-card">
      <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {item(translate('pages.cdn/newserviceinfo.account.company'), init.companyName || init.account, 'card-company')}
        {item(translate('pages.cdn/newserviceinfo.account.identity'), init.account)}
        {item(translate('pages.cdn/newserviceinfo.account.subAccounts'), String(subAccounts), 'card-subaccounts')}
        {item(translate('pages.cdn/newserviceinfo.account.domains'), String(init.domains.length), 'card-domains')}
        {item(
          translate('pages.cdn/newserviceinfo.account.dataSpan'),
          init.firstTime === null
            ? translate('pages.cdn/newserviceinfo.account.noData')
            : `${date(init.firstTime)} – ${date(init.lastTime)}`,
          'card-span',
        )}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {translate('pages.cdn/newserviceinfo.account.providers')}
        </Typography>
        {init.providers.length === 0 ? (
          <Typography variant="body2">—</Typography>
        ) : (
          init.providers.map((p) => <Chip key={p.value} size="small" label={p.name} variant="outlined" />)
        )}
      </Stack>
    </Paper>
  );
}
