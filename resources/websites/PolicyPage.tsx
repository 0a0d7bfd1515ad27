import { useEffect, useState } from 'react';
import { Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProviders';
import type { Policy } from '../../common/wire/websites';
import type { ClientApp } from '../../common/rules/websites/catalogue';
import { validatePolicy, WAF_CATEGORIES, WAF_RESPONSES, type PolicyInput, type WafConfig } from '../../common/rules/websites/index';
import { FormPage } from './FormPage';
import { WEBSITE_POLICY_RESOURCE } from '../../dataProviders/impapi/websites';
import { DryRunPanel } from './DryRunPanel';

/**
 * Create or edit a protection policy (/dcdn/website/:id/policies/create, …/policies/:policyId);
 * after a successful save the product goes back one step (spec §2). 'Dry run' runs the policy as
 * typed over the website's last 24 hours of access logs.
 */

const lines = (v: string) => v.split(/[\n,]+/).map((s) => s.trim()).filter(Boolean);
const DEFAULT_WAF: WafConfig = { xss: 'block_request', illegalResource: 'block_request', rfi: 'block_request', sqli: 'block_request' };

interface Draft {
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
}

const draftOf = (p?: Policy): Draft => ({
  name: p?.name ?? '', description: p?.description ?? '', type: p?.type ?? 1, enabled: p?.enabled ?? true,
  countries: (p?.countries ?? []).join('\n'), urls: (p?.urls ?? []).join('\n'), ips: (p?.ips ?? []).join('\n'), clientAppIds: p?.clientAppIds ?? [],
  exceptions: (p?.exceptions ?? []).join('\n'), waf: p?.waf ?? DEFAULT_WAF,
});

const inputOf = (websiteId: number, d: Draft): PolicyInput => ({
  websiteId, name: d.name.trim(), description: d.description, type: d.type, enabled: d.enabled,
  countries: lines(d.countries).map((c) => c.toUpperCase()), urls: lines(d.urls), ips: lines(d.ips), clientAppIds: d.clientAppIds,
  exceptions: lines(d.exceptions), waf: d.waf,
});

export function PolicyPage() {
  const params = useParams<{ id: string; policyId?: string }>();
  const websiteId = Number(params.id);
  const policyId = params.policyId ? Number(params.policyId) : undefined;
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [d, setD] = useState<Draft>(draftOf());
  const [loading, setLoading] = useState(policyId !== undefined);
  const [apps, setApps] = useState<ClientApp[]>([]);
  const [error, setError] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  useEffect(() => {
    void dataProvider.clientApps().then(setApps, () => setApps([]));
    if (policyId === undefined) return;
    dataProvider.getOne<Policy>(WEBSITE_POLICY_RESOURCE, { id: policyId }).then(
      ({ data }) => { setD(draftOf(data)); setLoading(false); },
      (e: Error) => { setFailure(e.message); setLoading(false); },
    );
  }, [dataProvider, policyId]);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const t = (k: string) => translate(`resources.dcdn/website.policy.${k}`);
  /** The input when valid; otherwise the messages go under the fields. */
  const checked = (): PolicyInput | null => {
    const input = inputOf(websiteId, d);
    const problems = validatePolicy(input);
    setError(Object.fromEntries(problems.map((p) => [p.field.split('.')[0], translate(`resources.dcdn/website.messages.${p.key}`)])));
    return problems.length ? null : input;
  };
  const save = async () => {
    const input = checked();
    if (!input) return;
    try {
      if (policyId) await dataProvider.update(WEBSITE_POLICY_RESOURCE, { id: policyId, data: input, previousData: { id: policyId } });
      else await dataProvider.create(WEBSITE_POLICY_RESOURCE, { data: input });
      notify('resources.dcdn/website.saved', { type: 'success' });
      navigate(-1);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  };
  const dryRunBody = () => {
    const input = checked();
    if (!input) return null;
    const { websiteId: _w, ...policy } = input;
    return { websiteId, policy };
  };
  const list = (k: 'countries' | 'urls' | 'ips' | 'exceptions') => (
    <TextField label={t(k)} value={d[k]} onChange={(e) => set(k, e.target.value)} multiline minRows={2} error={Boolean(error[k])}
      helperText={error[k] ?? t('listHelp')} fullWidth inputProps={{ 'data-testid': `policy-${k}` }} />
  );
  return (
    <FormPage title={translate(policyId ? 'resources.dcdn/website.editPolicy' : 'resources.dcdn/website.addPolicy')} testId="policy-page" failure={failure} loading={loading}
      onSave={() => void save()} below={<DryRunPanel body={dryRunBody} />}>
      <TextField label={t('name')} value={d.name} onChange={(e) => set('name', e.target.value)} error={Boolean(error.name)} helperText={error.name} inputProps={{ 'data-testid': 'policy-name' }} />
      <TextField label={t('description')} value={d.description} onChange={(e) => set('description', e.target.value)} error={Boolean(error.description)} helperText={error.description} />
      <TextField select label={t('type')} value={d.type} onChange={(e) => set('type', Number(e.target.value) as 1 | 2 | 3)} disabled={Boolean(policyId)} inputProps={{ 'data-testid': 'policy-type' }}>
        {[1, 2, 3].map((x) => <MenuItem key={x} value={x}>{translate(`resources.dcdn/website.policyType.${x}`)}</MenuItem>)}
      </TextField>
      {d.type === 1 && list('countries')}
      {d.type !== 3 && list('ips')}
      {d.type !== 3 && list('urls')}
      {d.type === 1 && (
        <TextField select label={t('clientAppIds')} SelectProps={{ multiple: true }} value={d.clientAppIds} onChange={(e) => set('clientAppIds', e.target.value as unknown as string[])}>
          {apps.map((a) => <MenuItem key={a.id} value={a.id}>{a.name}</MenuItem>)}
        </TextField>
      )}
      {d.type === 1 && list('exceptions')}
      {d.type === 3 && WAF_CATEGORIES.map((c) => (
        <TextField key={c} select label={translate(`resources.dcdn/website.wafCategory.${c}`)} value={d.waf[c]} onChange={(e) => set('waf', { ...d.waf, [c]: e.target.value })}>
          {WAF_RESPONSES.map((r) => <MenuItem key={r} value={r}>{translate(`resources.dcdn/website.wafResponse.${r}`)}</MenuItem>)}
        </TextField>
      ))}
      <FormControlLabel control={<Checkbox checked={d.enabled} onChange={(e) => set('enabled', e.target.checked)} />} label={t('enabled')} />
    </FormPage>
  );
}
