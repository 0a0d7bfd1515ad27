import { useEffect, useState } from 'react';
import { Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProviders';
import type { Rule } from '../../common/wire/websites';
import type { ClientApp, FilterFieldInfo } from '../../common/rules/websites/catalogue';
import {
  REDIRECT_CODES, validateRule, WAF_CATEGORIES, WAF_RESPONSES,
  type RuleAction, type RuleActionType, type RuleFilter, type RuleInput,
} from '../../common/rules/websites/index';
import { FormPage } from './FormPage';
import { WEBSITE_RULE_RESOURCE } from '../../dataProviders/impapi/websites';
import { DryRunPanel } from './DryRunPanel';

/**
 * Create or edit a protection rule (/dcdn/website/:id/rules/create, …/rules/:ruleId); after a
 * successful save the product goes back one step (spec §2). 'Dry run' runs the rule as typed over
 * the website's last 24 hours of access logs.
 */

const headersText = (h?: Array<{ name: string; value: string }>) => (h ?? []).map((x) => `${x.name}: ${x.value}`).join('\n');
export const parseHeaders = (text: string) =>
  text.split('\n').map((l) => l.trim()).filter(Boolean).map((l) => {
    const i = l.indexOf(':');
    return i < 0 ? { name: l, value: '' } : { name: l.slice(0, i).trim(), value: l.slice(i + 1).trim() };
  });

interface Draft extends Omit<RuleInput, 'websiteId'> {
  headersText: string;
}

const draftOf = (r?: Rule): Draft => ({
  name: r?.name ?? '', enabled: r?.enabled ?? true, actionType: r?.actionType ?? 3, action: r?.action ?? { mode: 'block' },
  filters: r?.filters ?? [{ field: 'path', operator: 'startsWith', value: '' }], clientAppIds: r?.clientAppIds ?? [], interval: r?.interval ?? 60,
  headersText: headersText(r?.action.headers),
});

function actionOf(d: Draft): RuleAction {
  const a = d.action;
  switch (d.actionType) {
    case 1: return { target: a.target ?? '', statusCode: a.statusCode ?? 302 };
    case 2: return { requests: Number(a.requests ?? 0), blockTime: Number(a.blockTime ?? 0) };
    case 3: return { mode: a.mode ?? 'block' };
    case 4: return { url: a.url || undefined, headers: parseHeaders(d.headersText) };
    case 5: return { origin: a.origin ?? '' };
    case 6: return { headers: parseHeaders(d.headersText) };
    case 7: return { overrides: a.overrides ?? {} };
  }
}

export function RulePage() {
  const params = useParams<{ id: string; ruleId?: string }>();
  const websiteId = Number(params.id);
  const ruleId = params.ruleId ? Number(params.ruleId) : undefined;
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [d, setD] = useState<Draft>(draftOf());
  const [loading, setLoading] = useState(ruleId !== undefined);
  const [catalogue, setCatalogue] = useState<FilterFieldInfo[]>([]);
  const [apps, setApps] = useState<ClientApp[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  useEffect(() => {
    void dataProvider.ruleFilters().then(setCatalogue, () => setCatalogue([]));
    void dataProvider.clientApps().then(setApps, () => setApps([]));
    if (ruleId === undefined) return;
    dataProvider.getOne<Rule>(WEBSITE_RULE_RESOURCE, { id: ruleId }).then(
      ({ data }) => { setD(draftOf(data)); setLoading(false); },
      (e: Error) => { setFailure(e.message); setLoading(false); },
    );
  }, [dataProvider, ruleId]);
  const t = (k: string) => translate(`resources.dcdn/website.rule.${k}`);
  const setAction = (patch: Partial<RuleAction>) => setD((x) => ({ ...x, action: { ...x.action, ...patch } }));
  const setFilter = (i: number, patch: Partial<RuleFilter>) => setD((x) => ({ ...x, filters: x.filters.map((f, j) => (j === i ? { ...f, ...patch } : f)) }));
  const err = (k: string) => errors[k];
  /** The input when valid; otherwise the messages go under the fields. */
  const checked = (): RuleInput | null => {
    const input: RuleInput = { websiteId, name: d.name, enabled: d.enabled, actionType: d.actionType, action: actionOf(d), filters: d.filters, clientAppIds: d.clientAppIds, interval: Number(d.interval) };
    const problems = validateRule(input);
    setErrors(Object.fromEntries(problems.map((p) => [p.field, translate(`resources.dcdn/website.messages.${p.key}`)])));
    return problems.length ? null : input;
  };
  const save = async () => {
    const input = checked();
    if (!input) return;
    try {
      if (ruleId) await dataProvider.update(WEBSITE_RULE_RESOURCE, { id: ruleId, data: input, previousData: { id: ruleId } });
      else await dataProvider.create(WEBSITE_RULE_RESOURCE, { data: input });
      notify('resources.dcdn/website.saved', { type: 'success' });
      navigate(-1);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  };
  const dryRunBody = () => {
    const input = checked();
    if (!input) return null;
    const { websiteId: _w, ...rule } = input;
    return { websiteId, rule };
  };
  const ops = (field: string) => catalogue.find((c) => c.field === field)?.operators ?? ['equals'];
  // Until the filter catalogue has arrived a select shows nothing rather than a value it has no option for.
  const offered = (value: string, options: string[]) => (options.includes(value) ? value : '');
  return (
    <FormPage title={translate(ruleId ? 'resources.dcdn/website.editRule' : 'resources.dcdn/website.addRule')} testId="rule-page" failure={failure} loading={loading}
      onSave={() => void save()} below={<DryRunPanel body={dryRunBody} />}>
      <TextField label={t('name')} value={d.name} onChange={(e) => setD({ ...d, name: e.target.value })} error={Boolean(err('name'))} helperText={err('name')} inputProps={{ 'data-testid': 'rule-name' }} />
      <Stack direction="row" spacing={2}>
        <TextField select label={t('actionType')} value={d.actionType} sx={{ minWidth: 200 }} inputProps={{ 'data-testid': 'rule-action-type' }}
          onChange={(e) => setD({ ...d, actionType: Number(e.target.value) as RuleActionType, action: {} })}>
          {[1, 2, 3, 4, 5, 6, 7].map((x) => <MenuItem key={x} value={x}>{translate(`resources.dcdn/website.actionType.${x}`)}</MenuItem>)}
        </TextField>
        <TextField type="number" label={t('interval')} value={d.interval} onChange={(e) => setD({ ...d, interval: Number(e.target.value) })} error={Boolean(err('interval'))} helperText={err('interval')} />
      </Stack>
      {d.actionType === 1 && (
        <Stack direction="row" spacing={2}>
          <TextField label={t('target')} value={d.action.target ?? ''} onChange={(e) => setAction({ target: e.target.value })} error={Boolean(err('action.target'))} helperText={err('action.target')} fullWidth />
          <TextField select label={t('statusCode')} value={d.action.statusCode ?? 302} onChange={(e) => setAction({ statusCode: Number(e.target.value) })} sx={{ minWidth: 120 }}>
            {REDIRECT_CODES.map((c) => <MenuItem key={c} value={c}>{c}</MenuItem>)}
          </TextField>
        </Stack>
      )}
      {d.actionType === 2 && (
        <Stack direction="row" spacing={2}>
          <TextField type="number" label={t('requests')} value={d.action.requests ?? ''} onChange={(e) => setAction({ requests: Number(e.target.value) })} error={Boolean(err('action.requests'))} helperText={err('action.requests')} />
          <TextField type="number" label={t('blockTime')} value={d.action.blockTime ?? ''} onChange={(e) => setAction({ blockTime: Number(e.target.value) })} error={Boolean(err('action.blockTime'))} helperText={err('action.blockTime')} />
        </Stack>
      )}
      {d.actionType === 3 && (
        <TextField select label={t('mode')} value={d.action.mode ?? 'block'} onChange={(e) => setAction({ mode: e.target.value as 'challenge' | 'block' })}>
          {(['challenge', 'block'] as const).map((m) => <MenuItem key={m} value={m}>{translate(`resources.dcdn/website.securityMode.${m}`)}</MenuItem>)}
        </TextField>
      )}
      {d.actionType === 4 && <TextField label={t('url')} value={d.action.url ?? ''} onChange={(e) => setAction({ url: e.target.value })} error={Boolean(err('action.url'))} helperText={err('action.url')} />}
      {(d.actionType === 4 || d.actionType === 6) && (
        <TextField label={t('headers')} value={d.headersText} onChange={(e) => setD({ ...d, headersText: e.target.value })} multiline minRows={2} error={Boolean(err('action.headers'))} helperText={err('action.headers')} />
      )}
      {d.actionType === 5 && <TextField label={t('origin')} value={d.action.origin ?? ''} onChange={(e) => setAction({ origin: e.target.value })} error={Boolean(err('action.origin'))} helperText={err('action.origin')} />}
      {d.actionType === 7 && WAF_CATEGORIES.map((c) => (
        <TextField key={c} select label={`${t('overrides')}: ${translate(`resources.dcdn/website.wafCategory.${c}`)}`} value={d.action.overrides?.[c] ?? ''}
          onChange={(e) => setAction({ overrides: { ...d.action.overrides, [c]: e.target.value || undefined } })} error={Boolean(err('action.overrides'))} helperText={err('action.overrides')}>
          <MenuItem value="">—</MenuItem>
          {WAF_RESPONSES.map((r) => <MenuItem key={r} value={r}>{translate(`resources.dcdn/website.wafResponse.${r}`)}</MenuItem>)}
        </TextField>
      ))}
      <Typography variant="subtitle2">{t('filters')}</Typography>
      {d.filters.map((f, i) => (
        <Stack key={i} direction="row" spacing={1} data-testid={`rule-filter-${i}`}>
          <TextField select label={t('field')} value={offered(f.field, catalogue.map((c) => c.field))} onChange={(e) => setFilter(i, { field: e.target.value as RuleFilter['field'], operator: 'equals' })} sx={{ minWidth: 160 }}>
            {catalogue.map((c) => <MenuItem key={c.field} value={c.field}>{translate(`resources.dcdn/website.filterField.${c.field}`)}</MenuItem>)}
          </TextField>
          {f.field === 'header' && <TextField label={t('header')} value={f.header ?? ''} onChange={(e) => setFilter(i, { header: e.target.value })} />}
          <TextField select label={t('operator')} value={offered(f.operator, ops(f.field))} onChange={(e) => setFilter(i, { operator: e.target.value as RuleFilter['operator'] })} sx={{ minWidth: 160 }}>
            {ops(f.field).map((o) => <MenuItem key={o} value={o}>{translate(`resources.dcdn/website.filterOperator.${o}`)}</MenuItem>)}
          </TextField>
          <TextField label={t('value')} value={f.value} onChange={(e) => setFilter(i, { value: e.target.value })} error={Boolean(err(`filters.${i}.value`))} helperText={err(`filters.${i}.value`)} fullWidth inputProps={{ 'data-testid': `rule-filter-value-${i}` }} />
          <Button color="error" onClick={() => setD({ ...d, filters: d.filters.filter((_, j) => j !== i) })}>{translate('resources.dcdn/website.delete')}</Button>
        </Stack>
      ))}
      <Button size="small" onClick={() => setD({ ...d, filters: [...d.filters, { field: 'path', operator: 'startsWith', value: '' }] })} sx={{ alignSelf: 'flex-start' }}>{t('addFilter')}</Button>
      <TextField select label={t('clientAppIds')} SelectProps={{ multiple: true }} value={d.clientAppIds} onChange={(e) => setD({ ...d, clientAppIds: e.target.value as unknown as string[] })}>
        {apps.map((a) => <MenuItem key={a.id} value={a.id}>{a.name}</MenuItem>)}
      </TextField>
      <FormControlLabel control={<Checkbox checked={d.enabled} onChange={(e) => setD({ ...d, enabled: e.target.checked })} />} label={t('enabled')} />
    </FormPage>
  );
}
