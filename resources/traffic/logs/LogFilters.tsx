import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { formatTime, parseTime, toInputValue, type TimeSelect } from '../../../src/lib/time';
import { useAnalysisLabels } from '../analysis/labels';
import { MultiSelect } from '../analysis/MultiSelect';
import { useAnalysisOptions } from '../analysis/useAnalysisOptions';
import { DomainFilter } from '../shared/DomainFilter';
import { AccountSelect } from '../shared/AccountSelect';
import { useDomainChoices } from '../shared/useDomainChoices';
import { logRange, validIp, validStatus, type LogForm } from './logForm';
import { TimeSelectChoice } from '../shared/RangePresets';
import { SingleSelect } from '../shared/SingleSelect';

/**
 * The log filters: accounts of the tree, domains, a preset or custom range (to the second), status
 * codes, hit/miss, client IP, URL text, country, province and ISP. Search submits; Reset restores.
 */
export function LogFilters({
  form,
  onChange,
  onSearch,
  onReset,
}: {
  form: LogForm;
  onChange: (patch: Partial<LogForm>) => void;
  onSearch: () => void;
  onReset: () => void;
}) {
  const translate = useTranslate();
  const labels = useAnalysisLabels();
  const choices = useDomainChoices(form.accounts);
  const { pullDown } = useAnalysisOptions(true);
  const shown = logRange(form);
  const t = (key: string) => translate(`pages.cdn/newlog.filters.${key}`);
  const setCustom = (which: 'start' | 'end', text: string) => onChange({ [which]: parseTime(text) });
  const choosePreset = (timeSelect: TimeSelect | null) => {
    if (!timeSelect) return;
    // A custom range starts from the range shown so far.
    onChange(timeSelect === 'userDefined' ? { timeSelect, start: shown.start, end: shown.end } : { timeSelect });
  };
  return (
    <Box component="form" onSubmit={(e) => (e.preventDefault(), onSearch())} data-testid="log-filters" sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <AccountSelect value={form.accounts} onChange={(accounts) => onChange({ accounts, domains: [] })} />
        <DomainFilter options={choices.domains} value={form.domains} onChange={(domains) => onChange({ domains })} />
        <TimeSelectChoice value={form.timeSelect} onChange={choosePreset} />
      </Stack>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {form.timeSelect === 'userDefined' &&
          (['start', 'end'] as const).map((which) => (
            <TextField
              key={which}
              type="datetime-local"
              size="small"
              label={t(which)}
              value={form[which] ? toInputValue(form[which], 'second') : ''}
              onChange={(e) => setCustom(which, e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1, 'data-testid': `log-${which}` } }}
              sx={{ width: 230 }}
            />
          ))}
        <Typography variant="body2" color="text.secondary" data-testid="range-shown">
          {shown.start && shown.end
            ? translate('portal.traffic.rangeShown', { start: formatTime(shown.start), end: formatTime(shown.end) })
            : ''}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('status')}
          placeholder={t('statusHelp')}
          value={form.status}
          onChange={(e) => onChange({ status: e.target.value })}
          error={!validStatus(form.status)}
          helperText={validStatus(form.status) ? undefined : translate('portal.errors.formatError')}
          sx={{ width: 170 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-status' } }}
        />
        <SingleSelect
          label={t('cache')}
          value={form.cacheHit}
          onChange={(cacheHit) => onChange({ cacheHit })}
          width={120}
          testId="filter-cache"
          options={[
            { value: '', label: t('cacheAll') },
            { value: 'hit', label: t('hit') },
            { value: 'miss', label: t('miss') },
          ]}
        />
        <TextField
          size="small"
          label={t('clientIp')}
          placeholder="203.0.113.7, 203.0.113.0/24"
          value={form.clientIp}
          onChange={(e) => onChange({ clientIp: e.target.value })}
          error={!validIp(form.clientIp)}
          helperText={validIp(form.clientIp) ? undefined : translate('portal.errors.formatError')}
          sx={{ width: 220 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-ip' } }}
        />
        <TextField
          size="small"
          label={t('url')}
          placeholder="/video/"
          value={form.url}
          onChange={(e) => onChange({ url: e.target.value })}
          sx={{ width: 220 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-url', maxLength: 2048 } }}
        />
      </Stack>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <MultiSelect
          label={t('country')}
          options={pullDown.all.country.map((o) => o.value)}
          value={form.country}
          onChange={(country) => onChange({ country })}
          labelOf={labels.country}
          emptyText={t('any')}
          width={180}
        />
        <MultiSelect
          label={t('province')}
          options={pullDown.cn.province.map((o) => o.value)}
          value={form.province}
          onChange={(province) => onChange({ province })}
          labelOf={labels.province}
          emptyText={t('any')}
          width={180}
        />
        <MultiSelect
          label={t('isp')}
          options={pullDown.cn.isp.map((o) => o.value)}
          value={form.isp}
          onChange={(isp) => onChange({ isp })}
          labelOf={labels.isp}
          emptyText={t('any')}
          width={180}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} data-testid="log-search">
          {t('search')}
        </Button>
        <Button onClick={onReset} data-testid="log-reset">
          {t('reset')}
        </Button>
      </Stack>
    </Box>
  );
}
