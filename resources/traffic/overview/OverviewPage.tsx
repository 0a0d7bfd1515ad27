import { useMemo, useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';
import type { OverviewQuery } from '../../../common/wire/traffic/index';
import { DomainFilter } from '../shared/DomainFilter';
import { AccountSelect, accountsToSend, ALL_ACCOUNTS } from '../shared/AccountSelect';
import { PageHeader } from '../shared/PageHeader';
import { choosePreset, RangePresets, type PresetChoice } from '../shared/RangePresets';
import { QueryView } from '../../../src/kit/QueryView';
import { useDomainChoices } from '../shared/useDomainChoices';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';
import { OverviewCurve } from './OverviewCurve';
import { OverviewTiles } from './OverviewTiles';
import { TopDomains } from './TopDomains';

/**
 * /cdn/newoverview: bandwidth now and over the chosen range, traffic, requests, hit rate, the change
 * against the previous period of the same length (/api/sequential) and the top domains.
 */
export function OverviewPage() {
  const translate = useTranslate();
  const [accounts, setAccounts] = useState<string[]>([ALL_ACCOUNTS]);
  const [domains, setDomains] = useState<string[]>([]);
  const [choice, setChoice] = useState<PresetChoice>(() => choosePreset('today'));
  const choices = useDomainChoices(accounts);
  const query: OverviewQuery = useMemo(
    () => ({
      accounts: accountsToSend(accounts),
      domains,
      startTime: choice.startTime,
      endTime: choice.endTime,
      interval: choice.interval,
    }),
    [accounts, domains, choice],
  );
  const overview = usePortalQuery(['overview', query], (dp) => dp.overview(query));
  const sequential = usePortalQuery(['sequential', query], (dp) => dp.sequential(query));
  // A new 5-minute step moves the range; within the same step the same range is read again.
  const refresh = () => {
    const next = choosePreset(choice.preset);
    if (next.endTime !== choice.endTime) return setChoice(next);
    overview.refetch();
    sequential.refetch();
  };
  const chooseAccounts = (next: string[]) => {
    setAccounts(next);
    setDomains([]);
  };
  return (
    <div data-testid="overview-page">
      <PageHeader
        title={translate('pages.cdn/newoverview.title')}
        subtitle={translate('pages.cdn/newoverview.subtitle')}
        actions={
          <Button startIcon={<RefreshIcon />} onClick={refresh} data-testid="overview-refresh">
            {translate('portal.traffic.refresh')}
          </Button>
        }
      />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <AccountSelect value={accounts} onChange={chooseAccounts} />
        {choices.available && <DomainFilter options={choices.domains} value={domains} onChange={setDomains} />}
        <RangePresets value={choice} onChange={setChoice} />
      </Stack>
      <QueryView
        state={overview}
        isEmpty={(d) => d.request === 0 && d.flow === 0}
        emptyText={translate('pages.cdn/newoverview.empty')}
        height={420}
        testId="overview"
      >
        {(d) => (
          <>
            <OverviewTiles data={d} sequential={sequential.data} rangeEnd={choice.range.end} />
            {sequential.error && (
              <Alert severity="warning" sx={{ mb: 2 }} data-testid="sequential-error">
                {translate('pages.cdn/newoverview.sequentialFailed', { message: sequential.error })}
              </Alert>
            )}
            <OverviewCurve curve={d.curve} range={choice.range} interval={choice.interval} />
            <TopDomains data={d} />
          </>
        )}
      </QueryView>
    </div>
  );
}

export default OverviewPage;
