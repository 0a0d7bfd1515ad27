import { Button, MenuItem, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { Rule } from '../../common/wire/websites';
import type { FilterFieldInfo } from '../../common/rules/websites/catalogue';
import {
  REDIRECT_CODES,
  validateRule,
  WAF_CATEGORIES,
  WAF_RESPONSES,
  type RuleAction,
  type RuleInput,
} from '../../common/rules/websites/index';
import { ClientAppsInput, errorsOf, FormCheckbox, FormTextField, useDraft, websiteChildPage } from './FormPage';
import { usePortalQuery } from '../../src/kit/usePortalQuery';

/**
 * Create or edit a protection rule (/dcdn/website/:id/rules/create, …/rules/:ruleId); after a
 * successful save the product goes back one step (spec §2). 'Dry run' runs the rule as typed over
 * the website's last 24 hours of access logs.
 */

const headersText = (h?: Array<{ name: string; value: string }>) => (h ?? []).map((x) => `${x.name}: ${x.value}`).join('\n');
export const parseHeaders = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const i = l.indexOf(':');
      return i < 0 ? { name: l, value: '' } : { name: l.slice(0, i).trim(), value: l.slice(i + 1).trim() };
    });

/** The rule as typed: the headers of its action as text, one 'name: value' a line. */
type Draft = Omit<RuleInput, 'websiteId'> & {
  headersText: string;
};

const NEW_FILTER = { field: 'path', operator: 'startsWith', value: '' } as const;

const draftOf = (r?: Rule): Draft => ({
  name: r?.name ?? '',
  enabled: r?.enabled ?? true,
  actionType: r?.actionType ?? 3,
  action: r?.action ?? { mode: 'block' },
  filters: r?.filters ?? [{ ...NEW_FILTER }],
  clientAppIds: r?.clientAppIds ?? [],
  interval: r?.interval ?? 60,
  headersText: headersText(r?.action.headers),
});

function actionOf(d: Draft): RuleAction {
  const a = d.action;
  switch (d.actionType) {
    case 1:
      return { target: a.target ?? '', statusCode: a.statusCode ?? 302 };
    case 2:
      return { requests: Number(a.requests ?? 0), blockTime: Number(a.blockTime ?? 0) };
    case 3:
      return { mode: a.mode ?? 'block' };
    case 4:
      return { url: a.url || undefined, headers: parseHeaders(d.headersText) };
    case 5:
      return { origin: a.origin ?? '' };
    case 6:
      return { headers: parseHeaders(d.headersText) };
    // the categories left at '—' are not overridden
    case 7:
      return { overrides: Object.fromEntries(Object.entries(a.overrides ?? {}).filter(([, r]) => r)) };
  }
}

const inputOf = (websiteId: number, d: Draft): RuleInput => ({
  websiteId,
  name: d.name,
  enabled: d.enabled,
  actionType: d.actionType,
  action: actionOf(d),
  filters: d.filters,
  clientAppIds: d.clientAppIds,
  interval: Number(d.interval),
});

/** Where a problem's message goes: the headers' under their text, the overrides' under each category. */
const inputsOf = (field: string) =>
  field === 'action.headers'
    ? ['headersText']
    : field === 'action.overrides'
      ? WAF_CATEGORIES.map((c) => `action.overrides.${c}`)
      : [field];

export const RulePage = websiteChildPage('rule', {
  draftOf,
  inputOf,
  validate: (input: RuleInput) => errorsOf(validateRule(input), inputsOf),
  dryRun: ({ websiteId, ...rule }) => ({ websiteId, rule }),
  inputs: () => <RuleInputs />,
});

function RuleInputs() {
  const translate = useTranslate();
  const { setValue } = useFormContext<Draft>();
  const t = (k: string) => translate(`resources.dcdn/website.rule.${k}`);
  return (
    <>
      <FormTextField source="name" label={t('name')} inputProps={{ 'data-testid': 'rule-name' }} />
      <Stack direction="row" spacing={2}>
        <FormTextField
          source="actionType"
          select
          label={t('actionType')}
          parse={Number}
          onChange={() => setValue('action', {})}
          sx={{ minWidth: 200 }}
          inputProps={{ 'data-testid': 'rule-action-type' }}
        >
          {[1, 2, 3, 4, 5, 6, 7].map((x) => (
            <MenuItem key={x} value={x}>
              {translate(`resources.dcdn/website.actionType.${x}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField source="interval" type="number" label={t('interval')} parse={Number} />
      </Stack>
      <ActionInputs />
      <Typography variant="subtitle2">{t('filters')}</Typography>
      <FilterInputs />
      <ClientAppsInput label={t('clientAppIds')} />
      <FormCheckbox source="enabled" label={t('enabled')} />
    </>
  );
}

/** The inputs of the chosen action. */
function ActionInputs() {
  const translate = useTranslate();
  const { actionType } = useDraft<Draft>();
  const t = (k: string) => translate(`resources.dcdn/website.rule.${k}`);
  const orNone = (v: unknown) => v ?? '';
  return (
    <>
      {actionType === 1 && (
        <Stack direction="row" spacing={2}>
          <FormTextField source="action.target" label={t('target')} fullWidth />
          <FormTextField
            source="action.statusCode"
            select
            label={t('statusCode')}
            parse={Number}
            format={(v) => v ?? 302}
            sx={{ minWidth: 120 }}
          >
            {REDIRECT_CODES.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
      )}
      {actionType === 2 && (
        <Stack direction="row" spacing={2}>
          <FormTextField source="action.requests" type="number" label={t('requests')} parse={Number} format={orNone} />
          <FormTextField source="action.blockTime" type="number" label={t('blockTime')} parse={Number} format={orNone} />
        </Stack>
      )}
      {actionType === 3 && (
        <FormTextField source="action.mode" select label={t('mode')} format={(v) => v ?? 'block'}>
          {(['challenge', 'block'] as const).map((m) => (
            <MenuItem key={m} value={m}>
              {translate(`resources.dcdn/website.securityMode.${m}`)}
            </MenuItem>
          ))}
        </FormTextField>
      )}
      {actionType === 4 && <FormTextField source="action.url" label={t('url')} />}
      {(actionType === 4 || actionType === 6) && <FormTextField source="headersText" label={t('headers')} multiline minRows={2} />}
      {actionType === 5 && <FormTextField source="action.origin" label={t('origin')} />}
      {actionType === 7 &&
        WAF_CATEGORIES.map((c) => (
          <FormTextField
            key={c}
            source={`action.overrides.${c}`}
            select
            parse={(v) => v || undefined}
            label={`${t('overrides')}: ${translate(`resources.dcdn/website.wafCategory.${c}`)}`}
          >
            <MenuItem value="">—</MenuItem>
            {WAF_RESPONSES.map((r) => (
              <MenuItem key={r} value={r}>
                {translate(`resources.dcdn/website.wafResponse.${r}`)}
              </MenuItem>
            ))}
          </FormTextField>
        ))}
    </>
  );
}

/**
 * The rule's filters: field, header (for the header field), operator (those the field offers, from
 * the filter catalogue), value; added and deleted.
 */
function FilterInputs() {
  const translate = useTranslate();
  const { setValue } = useFormContext<Draft>();
  const { fields, append, remove } = useFieldArray<Draft, 'filters'>({ name: 'filters' });
  const { filters } = useDraft<Draft>();
  const catalogue: FilterFieldInfo[] = usePortalQuery(['ruleFilters'], (dp) => dp.ruleFilters()).data ?? [];
  const t = (k: string) => translate(`resources.dcdn/website.rule.${k}`);
  const ops = (field?: string) => catalogue.find((c) => c.field === field)?.operators ?? ['equals'];
  // Until the filter catalogue has arrived a select shows nothing rather than a value it has no option for.
  const offered = (options: string[]) => (value: unknown) => (options.includes(String(value)) ? value : '');
  return (
    <>
      {fields.map((f, i) => (
        <Stack key={f.id} direction="row" spacing={1} data-testid={`rule-filter-${i}`}>
          <FormTextField
            source={`filters.${i}.field`}
            select
            label={t('field')}
            format={offered(catalogue.map((c) => c.field))}
            onChange={() => setValue(`filters.${i}.operator`, 'equals')}
            sx={{ minWidth: 160 }}
          >
            {catalogue.map((c) => (
              <MenuItem key={c.field} value={c.field}>
                {translate(`resources.dcdn/website.filterField.${c.field}`)}
              </MenuItem>
            ))}
          </FormTextField>
          {filters[i]?.field === 'header' && <FormTextField source={`filters.${i}.header`} label={t('header')} />}
          <FormTextField
            source={`filters.${i}.operator`}
            select
            label={t('operator')}
            format={offered(ops(filters[i]?.field))}
            sx={{ minWidth: 160 }}
          >
            {ops(filters[i]?.field).map((o) => (
              <MenuItem key={o} value={o}>
                {translate(`resources.dcdn/website.filterOperator.${o}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            source={`filters.${i}.value`}
            label={t('value')}
            fullWidth
            inputProps={{ 'data-testid': `rule-filter-value-${i}` }}
          />
          <Button color="error" onClick={() => remove(i)}>
            {translate('resources.dcdn/website.delete')}
          </Button>
        </Stack>
      ))}
      <Button size="small" onClick={() => append({ ...NEW_FILTER })} sx={{ alignSelf: 'flex-start' }}>
        {t('addFilter')}
      </Button>
    </>
  );
}
