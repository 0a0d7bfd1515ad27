import { useMemo, useState } from 'react';
import { Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ServiceInfoInit } from '../../../common/wire/traffic/index';
import { PageHeader } from '../shared/PageHeader';
import { QueryView } from '../../../src/kit/QueryView';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';
import { AccountCard } from './AccountCard';
import { monthsSince } from './months';
import { ServiceDomains } from './ServiceDomains';
import { ServicesPanel } from './ServicesPanel';
import { MonthSelect, SingleSelect } from '../shared/SingleSelect';

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
  const info = usePortalQuery(
    ['serviceInfo', chosenAccount, chosenMonth],
    (dp) => dp.serviceInfo({ account: chosenAccount, month: chosenMonth }),
    {
      enabled: Boolean(init.data),
    },
  );
  const providerName = (code: string) => init.data?.providers.find((p) => p.value === code)?.name ?? code;
  return (
    <div data-testid="serviceinfo-page">
      <PageHeader title={translate('pages.cdn/newserviceinfo.title')} subtitle={translate('pages.cdn/newserviceinfo.subtitle')} />
      <QueryView state={init} isEmpty={() => false} height={120} testId="serviceinfo-init">
        {(d) => (
          <>
            <AccountCard init={d} />
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
              <SingleSelect
                label={translate('pages.cdn/newserviceinfo.chooseAccount')}
                value={chosenAccount}
                onChange={setAccount}
                width={320}
                testId="serviceinfo-account"
                options={accounts.map((a) => ({ value: a.identity, label: `${a.title} (${a.identity})`, depth: a.depth }))}
              />
              <MonthSelect
                label={translate('pages.cdn/newserviceinfo.month')}
                value={chosenMonth}
                onChange={setMonth}
                months={months}
                testId="serviceinfo-month"
              />
            </Stack>
          </>
        )}
      </QueryView>
      {init.data && (
        <QueryView
          state={info}
          isEmpty={(d) => d.domains.length === 0}
          emptyText={translate('pages.cdn/newserviceinfo.empty')}
          height={320}
          testId="serviceinfo"
        >
          {(d) => (
            <>
              <ServicesPanel info={d} />
              <ServiceDomains info={d} providerName={providerName} />
            </>
          )}
        </QueryView>
      )}
    </div>
  );
}

export default ServiceInfoPage;
