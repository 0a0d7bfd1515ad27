import { Button, Chip, Switch, Typography } from '@mui/material';
import { Datagrid, FunctionField, ReferenceManyField, TextField, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { useNotifyError } from '../../src/kit/errorText';
import { DeleteButton } from './DeleteButton';
import { useNavigate } from 'react-router-dom';
import type { Policy } from '../../common/wire/websites';
import { WAF_CATEGORIES } from '../../common/rules/websites/index';
import { WEBSITE_POLICY_RESOURCE, WEBSITE_RESOURCE } from '../../dataProviders/impapi/websites';
import { useCanOperate } from '../../src/auth/useCanOperate';

/**
 * A website's protection policies (sub-resource websitePolicies, by 'websiteId'): list, enable/disable,
 * delete; adding and editing are pages (PolicyPage). Write controls only with the operation right.
 */

const base = (websiteId: number | string) => `/${WEBSITE_RESOURCE}/${websiteId}/policies`;

/** What an empty policy or rule table says (the table itself is not drawn without rows). */
export function Empty({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {translate(text)}
    </Typography>
  );
}

function EnabledSwitch() {
  const p = useRecordContext<Policy>();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const operate = useCanOperate(WEBSITE_POLICY_RESOURCE);
  const [update, { isPending }] = useUpdate<Policy>();
  if (!p) return null;
  const toggle = () =>
    update(
      WEBSITE_POLICY_RESOURCE,
      { id: p.id, data: { ...p, enabled: !p.enabled }, previousData: p },
      { mutationMode: 'pessimistic', onError: (e) => notifyError(e) },
    );
  return (
    <Switch
      size="small"
      checked={p.enabled}
      disabled={!operate || isPending}
      onChange={toggle}
      slotProps={{ input: { 'aria-label': `${translate('resources.dcdn/website.policy.enabled')}: ${p.name}` } }}
    />
  );
}

function PolicyActions() {
  const p = useRecordContext<Policy>();
  const translate = useTranslate();
  const navigate = useNavigate();
  if (!p) return null;
  return (
    <>
      <Button size="small" onClick={() => navigate(`${base(p.websiteId)}/${p.id}`)}>
        {translate('resources.dcdn/website.edit')}
      </Button>
      <DeleteButton resource={WEBSITE_POLICY_RESOURCE} record={p} testId={`policy-delete-${p.id}`} />
    </>
  );
}

export function PolicyPanel({ websiteId }: { websiteId: number }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const operate = useCanOperate(WEBSITE_POLICY_RESOURCE);
  const summary = (p: Policy) =>
    p.type === 3
      ? WAF_CATEGORIES.map(
          (c) => `${translate(`resources.dcdn/website.wafCategory.${c}`)}: ${translate(`resources.dcdn/website.wafResponse.${p.waf[c]}`)}`,
        ).join('; ')
      : [...p.countries, ...p.ips, ...p.urls, ...p.clientAppIds].join(', ');
  return (
    <>
      {operate && (
        <Button variant="outlined" size="small" onClick={() => navigate(`${base(websiteId)}/create`)} data-testid="add-policy">
          {translate('resources.dcdn/website.addPolicy')}
        </Button>
      )}
      <ReferenceManyField reference={WEBSITE_POLICY_RESOURCE} target="websiteId" record={{ id: websiteId }} perPage={1000}>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          hover={false}
          data-testid="policy-table"
          empty={<Empty text="resources.dcdn/website.policy.empty" />}
        >
          <TextField source="name" label="resources.dcdn/website.policy.name" sortable={false} />
          <FunctionField<Policy>
            label="resources.dcdn/website.policy.type"
            render={(p) => <Chip size="small" label={translate(`resources.dcdn/website.policyType.${p.type}`)} />}
          />
          <FunctionField<Policy>
            label="resources.dcdn/website.policy.description"
            sx={{ display: 'block', maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis' }}
            render={(p) => p.description || summary(p)}
          />
          <FunctionField<Policy> label="resources.dcdn/website.policy.enabled" render={() => <EnabledSwitch />} />
          {operate && <PolicyActions />}
        </Datagrid>
      </ReferenceManyField>
    </>
  );
}
