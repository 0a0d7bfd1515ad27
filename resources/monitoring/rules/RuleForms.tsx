import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ArrayInput,
  AutocompleteArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  Create,
  Edit,
  NumberInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { PortalDataProvider } from '../../../dataProviders';
import { GROUP_RESOURCE, RULE_RESOURCE } from '../../../dataProviders/monit/monitoring';
import type { AlertRule, ContactGroup } from '../../../common/wire/monitoring';
import {
  MONIT_CHANNELS,
  MONIT_COMPARISONS,
  MONIT_METRICS,
  MONIT_PERIODS,
  MONIT_REPEATS,
  PROBE_METRICS,
  RESTORE_AFTER_DEFAULT,
  targetKind,
  type MonitMetric,
} from '../../../common/rules/monitoring';
import { unitText, UnreachableNote } from './ruleText';
import { useSavingNotice } from '../contacts/savingNotice';
import { validateName, validateRule } from '../contacts/validators';
import { PageHeading } from '../../../src/kit/PageHeading';

const f = (name: string) => `resources.CMonit/alertRules.fields.${name}`;

function RuleInputs() {
  const t = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data: detail } = useQuery({ queryKey: ['monitRuleOptions'], queryFn: () => dataProvider.monitRuleDetail(), staleTime: 60_000 });
  const { data: groups } = useGetList<ContactGroup>(GROUP_RESOURCE, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'createTime', order: 'DESC' },
  });
  const metric = useWatch({ name: 'metric' }) as MonitMetric | undefined;
  const { setValue } = useFormContext();
  // The targets are domains, protected IPs (ippAttack) or websites (wafEvents): a metric of another kind starts with none chosen.
  const kind = targetKind(metric ?? 'bandwidth');
  const targetOptions = { domains: detail?.options, ips: detail?.ipOptions, websites: detail?.websiteOptions }[kind] ?? [];
  const onMetric = (e: { target?: { value?: unknown } } | undefined) => {
    const next = e?.target?.value as MonitMetric | undefined;
    if (next && targetKind(next) !== kind) setValue('domains', [], { shouldDirty: true });
  };
  return (
    <>
      <UnreachableNote rule={useRecordContext<AlertRule>()} variant="alert" />
      <TextInput source="name" label={f('name')} validate={validateName} isRequired sx={{ minWidth: 360 }} />
      <AutocompleteArrayInput
        key={kind}
        source="domains"
        label={f(kind)}
        helperText={kind === 'domains' ? undefined : `resources.CMonit/alertRules.targetHint.${kind}`}
        choices={targetOptions.map((d) => ({ id: d, name: d }))}
        translateChoice={false}
        sx={{ minWidth: 480 }}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <SelectInput
          source="metric"
          label={f('metric')}
          validate={(v) => (v ? undefined : 'ra.validation.required')}
          choices={MONIT_METRICS.map((id) => ({
            id,
            name: `${t(`resources.CMonit/alertRules.metrics.${id}`)}${unitText(t, id) ? ` (${unitText(t, id)})` : ''}`,
          }))}
          translateChoice={false}
          onChange={onMetric}
          sx={{ minWidth: 220 }}
        />
        <SelectInput
          source="period"
          label={f('period')}
          choices={MONIT_PERIODS.map((n) => ({ id: n, name: t('resources.CMonit/alertRules.periodMinutes', { n }) }))}
          translateChoice={false}
          sx={{ minWidth: 140 }}
        />
        <SelectInput
          source="comparison"
          label={f('comparison')}
          choices={MONIT_COMPARISONS.map((id) => ({ id, name: `resources.CMonit/alertRules.comparisons.${id}` }))}
          sx={{ minWidth: 100 }}
        />
        <NumberInput source="threshold" label={f('threshold')} sx={{ minWidth: 140 }} />
        <NumberInput source="consecutive" label={f('consecutive')} min={1} max={10} step={1} sx={{ minWidth: 140 }} />
        {/* no min/max: the browser's own range check would replace the rule's message */}
        <NumberInput source="restoreAfter" label={f('restoreAfter')} step={1} sx={{ minWidth: 180 }} />
      </Box>
      {metric && PROBE_METRICS.includes(metric) && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="probe-hint">
          {t('resources.CMonit/alertRules.probeHint')}
        </Typography>
      )}
      <SelectArrayInput
        source="groupIds"
        label={f('groupIds')}
        choices={(groups ?? []).map((g) => ({ id: g.id, name: g.name }))}
        translateChoice={false}
        sx={{ minWidth: 360 }}
      />
      <CheckboxGroupInput
        source="channels"
        label={f('channels')}
        choices={MONIT_CHANNELS.map((id) => ({ id, name: `resources.CMonit/alertRules.channels.${id}` }))}
      />
      <SelectInput
        source="repeatMinutes"
        label={f('repeatMinutes')}
        translateChoice={false}
        sx={{ minWidth: 220 }}
        choices={MONIT_REPEATS.map((n) => ({
          id: n,
          name: n === 0 ? t('resources.CMonit/alertRules.repeatOnce') : t('resources.CMonit/alertRules.repeatEvery', { n }),
        }))}
      />
      <ArrayInput source="muteWindows" label={f('muteWindows')}>
        <SimpleFormIterator inline disableReordering>
          <TextInput source="start" label={f('muteStart')} placeholder="22:00" sx={{ width: 140 }} />
          <TextInput source="end" label={f('muteEnd')} placeholder="07:00" sx={{ width: 140 }} />
        </SimpleFormIterator>
      </ArrayInput>
      <TextInput source="timeZone" label={f('timeZone')} sx={{ minWidth: 220 }} />
      <BooleanInput source="enabled" label={f('enabled')} />
    </>
  );
}

const DEFAULTS = {
  metric: 'rate5xx',
  period: 5,
  comparison: 'gt',
  threshold: 5,
  consecutive: 3,
  restoreAfter: RESTORE_AFTER_DEFAULT,
  channels: ['email'],
  repeatMinutes: 0,
  muteWindows: [],
  timeZone: 'Asia/Shanghai',
  enabled: true,
  domains: [],
  groupIds: [],
};

export function RuleCreate() {
  const t = useTranslate();
  const { notice, mutationOptions } = useSavingNotice(RULE_RESOURCE);
  return (
    <Box>
      <PageHeading>{t('resources.CMonit/alertRules.add')}</PageHeading>
      <Create title={t('resources.CMonit/alertRules.add')} mutationOptions={mutationOptions}>
        <SimpleForm defaultValues={DEFAULTS} validate={validateRule}>
          <RuleInputs />
        </SimpleForm>
      </Create>
      {notice}
    </Box>
  );
}

export function RuleEdit() {
  const t = useTranslate();
  const { notice, mutationOptions } = useSavingNotice(RULE_RESOURCE);
  return (
    <Box>
      <PageHeading>{t('resources.CMonit/alertRules.edit')}</PageHeading>
      <Edit title={t('resources.CMonit/alertRules.edit')} mutationMode="pessimistic" mutationOptions={mutationOptions}>
        <SimpleForm validate={validateRule}>
          <RuleInputs />
        </SimpleForm>
      </Edit>
      {notice}
    </Box>
  );
}
