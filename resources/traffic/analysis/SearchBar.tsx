import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Collapse, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import { useTranslate } from 'react-admin';
import type { AnalysisVariant } from '../../../common/wire/traffic/index';
import { readUserInfo } from '../../../src/auth/storage';
import {
  allowedGranularities,
  defaultGranularity,
  fitGranularity,
  formatTime,
  MAX_RANGE_DAYS,
  parseTime,
  RETENTION_DAYS,
  toInputValue,
  type TimeSelect,
} from '../../../src/lib/time';
import { MultiSelect } from './MultiSelect';
import {
  ALL_ACCOUNTS,
  buildSearch,
  domainsFor,
  flattenTree,
  formRange,
  initialForm,
  precisionOf,
  readStoredForm,
  storeForm,
  type AppliedSearch,
  type SearchForm,
} from './searchModel';
import { useAnalysisOptions } from './useAnalysisOptions';
import { useAnalysisLabels } from './labels';
import { TimeSelectChoice } from '../shared/RangePresets';
import { SingleSelect } from '../shared/SingleSelect';

export interface SearchBarProps {
  variant: AnalysisVariant;
  /** called with a validated search: once on opening (default: today, all accounts), then on Search/Refresh */
  onSearch: (applied: AppliedSearch) => void;
  /** load the option lists (needs the log view right) */
  optionsEnabled?: boolean;
  /** re-run a search that runs to now every this many ms (real-time screen) */
  autoRefreshMs?: number;
}

/**
 * The shared analysis search bar (spec §3): accounts of the tree, domains of those accounts, time presets
 * or a custom range, granularity, providers and the area filters. Invalid ranges are explained and not sent.
 */
export function SearchBar({ variant, onSearch, optionsEnabled = true, autoRefreshMs }: SearchBarProps) {
  const translate = useTranslate();
  const labels = useAnalysisLabels();
  const precision = precisionOf(variant);
  const user = readUserInfo();
  const [form, setForm] = useState<SearchForm>(() => readStoredForm(variant) ?? initialForm());
  const [problem, setProblem] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const { options, pullDown } = useAnalysisOptions(optionsEnabled);
  const accountOptions = useMemo(() => flattenTree(user?.treeData ?? []), [user?.treeData]);
  const accountTitle = (v: string) =>
    v === ALL_ACCOUNTS ? translate('pages.cdn/analysisOff.search.allAccounts') : (accountOptions.find((a) => a.value === v)?.title ?? v);
  const domainOptions = useMemo(() => domainsFor(options.domainMap, form.accounts), [options.domainMap, form.accounts]);
  const providerName = (v: string) => options.providerList.find((p) => p.value === v)?.name ?? v;
  const shownRange = formRange(form, precision);

  // The last search sent: the live refresh repeats it with a new "now" while it runs to now.
  const lastApplied = useRef<{ form: SearchForm; toNow: boolean } | null>(null);
  const submit = (f: SearchForm = form) => {
    const result = buildSearch(f, precision, user?.account_all ?? user?.account ?? '');
    if (!result.ok) {
      setProblem(
        translate(`pages.cdn/analysisOff.validation.${result.problem}`, {
          days: result.problem === 'tooOld' ? RETENTION_DAYS : MAX_RANGE_DAYS,
        }),
      );
      return;
    }
    setProblem(null);
    lastApplied.current = { form: f, toNow: result.applied.toNow };
    storeForm(variant, f);
    onSearch(result.applied);
  };
  const latest = useRef(submit);
  latest.current = submit;
  useEffect(() => latest.current(), []);
  useEffect(() => {
    if (!autoRefreshMs) return;
    const timer = setInterval(() => {
      const last = lastApplied.current;
      if (last?.toNow) latest.current(last.form);
    }, autoRefreshMs);
    return () => clearInterval(timer);
  }, [autoRefreshMs]);

  const update = (patch: Partial<SearchForm>) => setForm((f) => ({ ...f, ...patch }));
  const chooseAccounts = (next: string[]) => {
    // 'All accounts' excludes single picks and the other way round.
    const added = next.find((v) => !form.accounts.includes(v));
    const accounts = added === ALL_ACCOUNTS ? [ALL_ACCOUNTS] : next.filter((v) => v !== ALL_ACCOUNTS);
    const allowed = new Set(domainsFor(options.domainMap, accounts));
    update({ accounts: accounts.length ? accounts : [ALL_ACCOUNTS], domains: form.domains.filter((d) => allowed.has(d)) });
  };
  const choosePreset = (timeSelect: TimeSelect | null) => {
    if (!timeSelect) return;
    const range = formRange({ ...form, timeSelect }, precision);
    const start = range.start ?? form.start;
    const end = range.end ?? form.end;
    const interval = start && end ? defaultGranularity({ start, end }) : form.interval;
    update({ timeSelect, start, end, interval });
  };
  const setCustom = (which: 'start' | 'end', text: string) => {
    const next = { ...form, [which]: parseTime(text) };
    const r = formRange(next, precision);
    update({
      [which]: parseTime(text),
      ...(r.start && r.end && r.start < r.end ? { interval: fitGranularity(form.interval, { start: r.start, end: r.end }) } : {}),
    });
  };
  const granularities =
    shownRange.start && shownRange.end && shownRange.start < shownRange.end
      ? allowedGranularities({ start: shownRange.start, end: shownRange.end })
      : (['5m', '1h', '1d'] as const);

  return (
    <Box component="form" onSubmit={(e) => (e.preventDefault(), submit())} data-testid="analysis-search" sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <MultiSelect
          label={translate('pages.cdn/analysisOff.search.accounts')}
          options={[ALL_ACCOUNTS, ...accountOptions.map((a) => a.value)]}
          value={form.accounts}
          onChange={chooseAccounts}
          labelOf={accountTitle}
          renderOption={(v) => {
            const depth = accountOptions.find((a) => a.value === v)?.depth ?? 0;
            return <Box sx={{ pl: v === ALL_ACCOUNTS ? 0 : depth * 2 }}>{accountTitle(v)}</Box>;
          }}
          testId="search-accounts"
        />
        <MultiSelect
          label={translate('pages.cdn/analysisOff.search.domains')}
          options={domainOptions}
          value={form.domains}
          onChange={(domains) => update({ domains })}
          emptyText={translate('pages.cdn/analysisOff.search.allDomains')}
          width={280}
          testId="search-domains"
        />
        <TimeSelectChoice value={form.timeSelect} onChange={choosePreset} />
        <SingleSelect
          label={translate('pages.cdn/analysisOff.search.granularity')}
          value={form.interval}
          onChange={(interval) => update({ interval })}
          width={120}
          testId="search-granularity"
          options={granularities.map((g) => ({ value: g, label: translate(`pages.cdn/analysisOff.granularity.${g}`) }))}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} data-testid="search-submit">
          {translate('pages.cdn/analysisOff.search.submit')}
        </Button>
        <Button onClick={() => (setForm(initialForm()), setProblem(null))}>{translate('pages.cdn/analysisOff.search.reset')}</Button>
        <Button onClick={() => setMore((m) => !m)} startIcon={<TuneIcon />} data-testid="search-more">
          {translate(more ? 'pages.cdn/analysisOff.search.fewerFilters' : 'pages.cdn/analysisOff.search.moreFilters')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {form.timeSelect === 'userDefined' ? (
          <>
            {(['start', 'end'] as const).map((which) => (
              <TextField
                key={which}
                type="datetime-local"
                size="small"
                label={translate(`pages.cdn/analysisOff.search.${which}`)}
                value={form[which] ? toInputValue(form[which], precision) : ''}
                onChange={(e) => setCustom(which, e.target.value)}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { step: precision === 'second' ? 1 : 60, 'data-testid': `search-${which}` },
                }}
                sx={{ width: 230 }}
              />
            ))}
          </>
        ) : null}
        <Typography variant="body2" color="text.secondary" data-testid="search-range">
          {shownRange.start && shownRange.end
            ? translate('pages.cdn/analysisOff.search.rangeShown', {
                start: formatTime(shownRange.start, precision),
                end: formatTime(shownRange.end, precision),
              })
            : ''}
        </Typography>
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="search-problem">
          {problem}
        </Alert>
      )}
      <Collapse in={more}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          <MultiSelect
            label={translate('pages.cdn/analysisOff.search.providers')}
            options={options.providerList.map((p) => p.value)}
            value={form.providers}
            onChange={(providers) => update({ providers })}
            labelOf={providerName}
            emptyText={translate('pages.cdn/analysisOff.search.any')}
          />
          <MultiSelect
            label={translate('pages.cdn/analysisOff.search.continent')}
            options={pullDown.all.continent.map((o) => o.value)}
            value={form.continent}
            onChange={(continent) => update({ continent })}
            labelOf={labels.continent}
            emptyText={translate('pages.cdn/analysisOff.search.any')}
          />
          <MultiSelect
            label={translate('pages.cdn/analysisOff.search.country')}
            options={pullDown.all.country.map((o) => o.value)}
            value={form.country}
            onChange={(country) => update({ country })}
            labelOf={labels.country}
            emptyText={translate('pages.cdn/analysisOff.search.any')}
          />
          <MultiSelect
            label={translate('pages.cdn/analysisOff.search.province')}
            options={pullDown.cn.province.map((o) => o.value)}
            value={form.province}
            onChange={(province) => update({ province })}
            labelOf={labels.province}
            emptyText={translate('pages.cdn/analysisOff.search.any')}
          />
          <MultiSelect
            label={translate('pages.cdn/analysisOff.search.isp')}
            options={pullDown.cn.isp.map((o) => o.value)}
            value={form.isp}
            onChange={(isp) => update({ isp })}
            labelOf={labels.isp}
            emptyText={translate('pages.cdn/analysisOff.search.any')}
          />
        </Stack>
      </Collapse>
    </Box>
  );
}
