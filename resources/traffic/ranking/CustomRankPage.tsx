import { useMemo, useState } from 'react';
import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AnalysisMeasure, DosageSortQuery } from '../../../common/wire/traffic/index';
import { BarRanking } from '../../../src/charts';
import { formatBytes, formatCount } from '../../../src/lib/units';
import { ColumnsTable, CsvButton } from '../../../src/kit/ColumnsTable';
import { MultiSelect } from '../analysis/MultiSelect';
import { Section } from '../../../src/kit/QueryView';
import { DomainFilter } from '../shared/DomainFilter';
import { AccountSelect, accountsToSend, ALL_ACCOUNTS } from '../shared/AccountSelect';
import { PageHeader } from '../shared/PageHeader';
import { choosePreset, RangePresets, type PresetChoice } from '../shared/RangePresets';
import { QueryView } from '../../../src/kit/QueryView';
import { useDomainChoices } from '../shared/useDomainChoices';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';
import { toRankRows, useRankColumns } from './RankingTable';
import { Choice, optionsOf } from '../shared/Choice';

/** /cdn/customRank: domains ranked by traffic or requests over a range, with their share and lines. */
export function CustomRankPage() {
  const translate = useTranslate();
  const [accounts, setAccounts] = useState<string[]>([ALL_ACCOUNTS]);
  const [domains, setDomains] = useState<string[]>([]);
  const [providers, setProviders] = useState<string[]>([]);
  const [sortBy, setSortBy] = useState<AnalysisMeasure>('flow');
  const [choice, setChoice] = useState<PresetChoice>(() => choosePreset('today'));
  const choices = useDomainChoices(accounts);
  const query: DosageSortQuery = useMemo(
    () => ({ accounts: accountsToSend(accounts), domains, providers, startTime: choice.startTime, endTime: choice.endTime, sortBy }),
    [accounts, domains, providers, choice, sortBy],
  );
  const ranking = usePortalQuery(['dosageSort', query], (dp) => dp.dosageSort(query));
  const rows = useMemo(() => toRankRows(ranking.data ?? []), [ranking.data]);
  const columns = useRankColumns(sortBy, choices.providerName);
  const total = rows.reduce((s, r) => s + (sortBy === 'flow' ? r.flow : r.request), 0);
  const providerCodes = useMemo(
    () => [...new Set([...(ranking.data ?? []).flatMap((e) => e.providers), ...providers])].sort(),
    [ranking.data, providers],
  );
  return (
    <div data-testid="customrank-page">
      <PageHeader title={translate('pages.cdn/customRank.title')} subtitle={translate('pages.cdn/customRank.subtitle')} />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <AccountSelect value={accounts} onChange={(a) => (setAccounts(a), setDomains([]))} />
        {choices.available && <DomainFilter options={choices.domains} value={domains} onChange={setDomains} />}
        <MultiSelect
          label={translate('pages.cdn/customRank.providers')}
          options={providerCodes}
          value={providers}
          onChange={setProviders}
          labelOf={choices.providerName}
          emptyText={translate('pages.cdn/customRank.allProviders')}
          testId="filter-providers"
        />
        <RangePresets value={choice} onChange={setChoice} />
      </Stack>
      <Section
        title={translate('pages.cdn/customRank.tableTitle')}
        testId="ranking"
        actions={
          <>
            <Choice
              value={sortBy}
              onChange={setSortBy}
              label={translate('pages.cdn/customRank.sortBy')}
              options={optionsOf(
                ['flow', 'request'] as const,
                (by) => translate(by === 'flow' ? 'pages.cdn/customRank.byFlow' : 'pages.cdn/customRank.byRequest'),
                'sortby',
              )}
            />
            <CsvButton rows={rows} columns={columns} name={`usage-ranking-${sortBy}`} />
          </>
        }
      >
        <QueryView state={ranking} isEmpty={(d) => d.length === 0} emptyText={translate('pages.cdn/customRank.empty')} testId="ranking">
          {() => (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="ranking-total">
                {translate(`pages.cdn/customRank.total.${sortBy}`, {
                  count: rows.length,
                  value: sortBy === 'flow' ? formatBytes(total) : formatCount(total),
                })}
              </Typography>
              <Typography variant="subtitle2">{translate(`pages.cdn/customRank.chart.${sortBy}`)}</Typography>
              <BarRanking
                data={rows.map((r) => ({ name: r.custom, value: sortBy === 'flow' ? r.flow : r.request }))}
                kind={sortBy === 'flow' ? 'bytes' : 'count'}
                valueTitle={translate(`pages.cdn/customRank.axis.${sortBy}`)}
                labelWidth={220}
              />
              <ColumnsTable rows={rows} columns={columns} sorting={{ perPage: 25 }} testId="table-ranking" />
            </>
          )}
        </QueryView>
      </Section>
    </div>
  );
}

export default CustomRankPage;
