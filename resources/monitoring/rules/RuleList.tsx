import { useState } from 'react';
import { Box, Chip, Switch } from '@mui/material';
import {
  CreateButton,
  DeleteWithConfirmButton,
  EditButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { PortalDataProvider } from '../../../dataProviders';
import type { AlertRule } from '../../../common/wire/monitoring';
import { MONIT_METRICS } from '../../../common/rules/monitoring';
import { conditionText, targetsText, UnreachableNote, valueText } from './ruleText';
import { PlainDatagrid } from '../../../src/kit/PlainDatagrid';
import { PortalPagination } from '../../../src/kit/PortalPagination';
import { PageHeading } from '../../../src/kit/PageHeading';
import { useNotifyError } from '../../../src/kit/errorText';

const f = (name: string) => `resources.CMonit/alertRules.fields.${name}`;

function EnabledSwitch() {
  const rule = useRecordContext<AlertRule>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const t = useTranslate();
  const [busy, setBusy] = useState(false);
  if (!rule) return null;
  const toggle = async () => {
    setBusy(true);
    try {
      await dataProvider.monitSetEnabled(rule.uuid, !rule.enabled);
      notify('resources.CMonit/alertContact.success', { type: 'success' });
      refresh();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      checked={rule.enabled}
      disabled={busy}
      onChange={() => void toggle()}
      slotProps={{
        input: { 'aria-label': t(rule.enabled ? 'resources.CMonit/alertRules.disable' : 'resources.CMonit/alertRules.enable') },
      }}
      data-testid="rule-enabled"
    />
  );
}

/** /CMonit/alertRules: the caller's rules, paged on the server, with state, enable/disable, edit and delete. */
export function RuleList() {
  const t = useTranslate();
  return (
    <Box>
      <PageHeading>{t('resources.CMonit/alertRules.title')}</PageHeading>
      <List
        title={t('resources.CMonit/alertRules.title')}
        perPage={20}
        sort={{ field: 'createTime', order: 'DESC' }}
        empty={false}
        filters={[
          <SearchInput key="q" source="q" alwaysOn placeholder={t('resources.CMonit/alertRules.search')} sx={{ minWidth: 240 }} />,
          <SelectInput
            key="state"
            source="state"
            label={f('state')}
            alwaysOn
            choices={[
              { id: 'ok', name: 'resources.CMonit/alertRules.states.ok' },
              { id: 'firing', name: 'resources.CMonit/alertRules.states.firing' },
            ]}
            sx={{ minWidth: 120 }}
          />,
          <SelectInput
            key="metric"
            source="metric"
            label={f('metric')}
            alwaysOn
            choices={MONIT_METRICS.map((id) => ({ id, name: `resources.CMonit/alertRules.metrics.${id}` }))}
            sx={{ minWidth: 160 }}
          />,
        ]}
        actions={
          <TopToolbar>
            <CreateButton label="resources.CMonit/alertRules.add" />
          </TopToolbar>
        }
        pagination={<PortalPagination />}
      >
        <PlainDatagrid emptyText="resources.CMonit/alertRules.empty">
          <FunctionField<AlertRule>
            label={f('name')}
            render={(r) => (
              <>
                {r.name}
                <UnreachableNote rule={r} variant="caption" />
              </>
            )}
          />
          <FunctionField<AlertRule>
            label={f('domains')}
            render={(r) => <span style={{ wordBreak: 'break-all' }}>{targetsText(t, r)}</span>}
          />
          <FunctionField<AlertRule>
            label={f('condition')}
            render={(r) => <span data-testid="rule-condition">{conditionText(t, r)}</span>}
          />
          <FunctionField<AlertRule>
            label={f('channels')}
            render={(r) => r.channels.map((c) => t(`resources.CMonit/alertRules.channels.${c}`)).join(', ')}
          />
          <FunctionField<AlertRule>
            label={f('state')}
            render={(r) => (
              <Chip
                size="small"
                color={r.state === 'firing' ? 'error' : 'success'}
                variant={r.enabled ? 'filled' : 'outlined'}
                label={t(`resources.CMonit/alertRules.states.${r.state}`)}
                data-testid="rule-state"
              />
            )}
          />
          <FunctionField<AlertRule>
            label={f('lastValue')}
            render={(r) => (r.lastValue === null ? '–' : valueText(t, r.metric, r.lastValue))}
          />
          <FunctionField label={f('enabled')} render={() => <EnabledSwitch />} />
          <EditButton />
          <DeleteWithConfirmButton mutationMode="pessimistic" redirect={false} />
        </PlainDatagrid>
      </List>
    </Box>
  );
}
