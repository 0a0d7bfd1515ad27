import { MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Policy } from '../../common/wire/websites';
import { validatePolicy, WAF_CATEGORIES, WAF_RESPONSES, type PolicyInput, type WafConfig } from '../../common/rules/websites/index';
import { ClientAppsInput, errorsOf, FormCheckbox, FormTextField, useDraft, websiteChildPage } from './FormPage';

/**
 * Create or edit a protection policy (/dcdn/website/:id/policies/create, …/policies/:policyId);
 * after a successful save the product goes back one step (spec §2). 'Dry run' runs the policy as
 * typed over the website's last 24 hours of access logs.
 */

const lines = (v: string) =>
  v
    .split(/[\n,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
const DEFAULT_WAF: WafConfig = { xss: 'block_request', illegalResource: 'block_request', rfi: 'block_request', sqli: 'block_request' };

/** The policy as typed: its lists as text, one item a line (or comma-separated). */
type Draft = {
  name: string;
  description: string;
  type: 1 | 2 | 3;
  enabled: boolean;
  countries: string;
  urls: string;
  ips: string;
  clientAppIds: string[];
  exceptions: string;
  waf: WafConfig;
};

const draftOf = (p?: Policy): Draft => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  type: p?.type ?? 1,
  enabled: p?.enabled ?? true,
  countries: (p?.countries ?? []).join('\n'),
  urls: (p?.urls ?? []).join('\n'),
  ips: (p?.ips ?? []).join('\n'),
  clientAppIds: p?.clientAppIds ?? [],
  exceptions: (p?.exceptions ?? []).join('\n'),
  waf: p?.waf ?? DEFAULT_WAF,
});

const inputOf = (websiteId: number, d: Draft): PolicyInput => ({
  websiteId,
  name: d.name.trim(),
  description: d.description,
  type: d.type,
  enabled: d.enabled,
  countries: lines(d.countries).map((c) => c.toUpperCase()),
  urls: lines(d.urls),
  ips: lines(d.ips),
  clientAppIds: d.clientAppIds,
  exceptions: lines(d.exceptions),
  waf: d.waf,
});

/** The page; the messages go under the input of the field's first part (a list's item under the list). */
export const PolicyPage = websiteChildPage('policy', {
  draftOf,
  inputOf,
  validate: (input: PolicyInput) => errorsOf(validatePolicy(input), (field) => [field.split('.')[0]]),
  dryRun: ({ websiteId, ...policy }) => ({ websiteId, policy }),
  inputs: (editing) => <PolicyInputs editing={editing} />,
});

/** The inputs of the policy's type (its type is kept once stored). */
function PolicyInputs({ editing }: { editing: boolean }) {
  const translate = useTranslate();
  const d = useDraft<Draft>();
  const t = (k: string) => translate(`resources.dcdn/website.policy.${k}`);
  const list = (k: 'countries' | 'urls' | 'ips' | 'exceptions') => (
    <FormTextField
      source={k}
      label={t(k)}
      multiline
      minRows={2}
      helperText={t('listHelp')}
      fullWidth
      inputProps={{ 'data-testid': `policy-${k}` }}
    />
  );
  return (
    <>
      <FormTextField source="name" label={t('name')} inputProps={{ 'data-testid': 'policy-name' }} />
      <FormTextField source="description" label={t('description')} />
      <FormTextField source="type" select label={t('type')} parse={Number} disabled={editing} inputProps={{ 'data-testid': 'policy-type' }}>
        {[1, 2, 3].map((x) => (
          <MenuItem key={x} value={x}>
            {translate(`resources.dcdn/website.policyType.${x}`)}
          </MenuItem>
        ))}
      </FormTextField>
      {d.type === 1 && list('countries')}
      {d.type !== 3 && list('ips')}
      {d.type !== 3 && list('urls')}
      {d.type === 1 && <ClientAppsInput label={t('clientAppIds')} />}
      {d.type === 1 && list('exceptions')}
      {d.type === 3 &&
        WAF_CATEGORIES.map((c) => (
          <FormTextField key={c} source={`waf.${c}`} select label={translate(`resources.dcdn/website.wafCategory.${c}`)}>
            {WAF_RESPONSES.map((r) => (
              <MenuItem key={r} value={r}>
                {translate(`resources.dcdn/website.wafResponse.${r}`)}
              </MenuItem>
            ))}
          </FormTextField>
        ))}
      <FormCheckbox source="enabled" label={t('enabled')} />
    </>
  );
}
