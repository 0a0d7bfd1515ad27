import { useMemo, useState } from 'react';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ServiceInfoInit } from '../../../../dataProviders/api/trafficTypes';
import { PageHeader } from '../trafficShared/PageHeader';
import { StateView } from '../trafficShared/StateView';
import { usePortalQuery } from '../trafficShared/usePortalQuery';
import { AccountCard } from './AccountCard';
import { monthsSince } from './months';
import { ServiceDomains } from './ServiceDomains';
import { ServicesPanel } from './ServicesPanel';
import { RequireModule } from '../trafficShared/RequireModule';

/** The init reply's accounts in tree order with their depth (parents before children). */
function accountTree(init: ServiceInfoInit): { identity: string; title: string; depth: number }[] {
  const out: { identity: string; title: string; depth: number }[] = [];
  const ids = new Set(init.accounts.map((a) => a.identity));
  const walk = (parent: string | null, depth: number) =>
    init.accounts
      .filter((a) => (parent === null ? !a.parent || !ids.has(a.parent) : a.parent === parent))
      .forEach((a) => {
        out.push({ identity: a.identity, title: a.companyName || a.identity, depth });
        walk(a.identity, depth + 1);
      });
  walk(null, 0);
  return out;
}

/** /cdn/newserviceinfo: the account (or a sub-account), its services and its domains in a month. */
export function ServiceInfoPage() {
  const translate = useTranslate();
  const init = usePortalQuery(['serviceInfoInit', ''], (dp) => dp.serviceInfoInit(), { staleTime: 5 * 60_000 });
  const [account, setAccount] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(null);
  const months = useMemo(() => monthsSince(init.data?.firstTime ?? null), [init.data]);
  const accounts = useMemo(() => (init.data ? accountTree(init.data) : []), [init.data]);
  const chosenAccount = account ?? init.data?.account ?? '';
  const chosenMonth = month ?? months[0];
  const info = usePortalQuery(['serviceInfo', chosenAccount, chosenMonth], (dp) => dp.serviceInfo({ account: chosenAccount, month: chosenMonth }), {
    enabled: Boolean(init.data),
  });
  const providerName = (code: string) => init.data?.providers.find((p) => p.value === code)?.name ?? code;
  return (
    <div data-testid="serviceinfo-page">
      <PageHeader title={translate('serviceInfo.title')} subtitle={translate('serviceInfo.subtitle')} />
      <StateView state={init} isEmpty={() => false} height={120} testId="serviceinfo-init">
        {(d) => (
          <>
            <AccountCard init={d} />
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
              <TextField
                select
                size="small"
                label={translate('serviceInfo.chooseAccount')}
                value={chosenAccount}
                onChange={(e) => setAccount(e.target.value)}
                sx={{ width: 320 }}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'serviceinfo-account' } as object } }}
              >
                {accounts.map((a) => (
                  <MenuItem key={a.identity} value={a.identity} sx={{ pl: 2 + a.depth * 2 }}>
                    {a.title} ({a.identity})
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={translate('serviceInfo.month')}
                value={chosenMonth}
                onChange={(e) => setMonth(e.target.value)}
                sx={{ width: 160 }}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'serviceinfo-month' } as object } }}
              >
                {months.map((m) => (
                  <MenuItem key={m} value={m}>
                    {m}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </>
        )}
      </StateView>
      {init.data && (
        <StateView state={info} isEmpty={(d) => d.domains.length === 0} emptyText={translate('serviceInfo.empty')} height={320} testId="serviceinfo">
          {(d) => (
            <>
              <ServicesPanel info={d} />
              <ServiceDomains info={d} providerName={providerName} />
            </>
          )}
        </StateView>
      )}
    </div>
  );
}

/** The screen for users holding the serviceinfo module. */
export default function GuardedServiceInfoPage() {
  return (
    <RequireModule module="serviceinfo">
      <ServiceInfoPage />
    </RequireModule>
  );
}
