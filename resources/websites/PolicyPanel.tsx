import { useCallback, useEffect, useState } from 'react';
import {
  Alert, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, Switch, Table,
  TableBody, TableCell, TableHead, TableRow, TextField,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import type { Policy } from '../../dataProviders/impapi/websiteTypes';
import type { ClientApp } from '../../src/lib/wafCatalogue';
import { validatePolicy, WAF_CATEGORIES, WAF_RESPONSES, type PolicyInput, type WafConfig } from '../../src/lib/websiteRules';

/** A website's protection policies: list, create, update (enable/disable), delete; the dialog closes (one step back) after a save. */

const lines = (v: string) => v.split(/[\n,]+/).map((s) => s.trim()).filter(Boolean);
const DEFAULT_WAF: WafConfig = { xss: 'block_request', illegalResource: 'block_request', rfi: 'block_request', sqli: 'block_request' };

interface Draft {
  id?: number;
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
  id: p?.id, name: p?.name ?? '', description: p?.description ?? '', type: p?.type ?? 1, enabled: p?.enabled ?? true,
  countries: (p?.countries ?? []).join('\n'), urls: (p?.urls ?? []).join('\n'), ips: (p?.ips ?? []).join('\n'), clientAppIds: p?.clientAppIds ?? [],
  exceptions: (p?.exceptions ?? []).join('\n'), waf: p?.waf ?? DEFAULT_WAF,
});

const inputOf = (websiteId: number, d: Draft): PolicyInput => ({
  websiteId, name: d.name.trim(), description: d.description, type: d.type, enabled: d.enabled,
  countries: lines(d.countries).map((c) => c.toUpperCase()), urls: lines(d.urls), ips: lines(d.ips), clientAppIds: d.clientAppIds,
  exceptions: lines(d.exceptions), waf: d.waf,
});

function PolicyDialog({ websiteId, draft, apps, onClose, onSaved }: { websiteId: number; draft: Draft; apps: ClientApp[]; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [d, setD] = useState(draft);
  const [error, setError] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const t = (k: string) => translate(`portal.websites.policy.${k}`);
  const save = async () => {
    const input = inputOf(websiteId, d);
    const problems = validatePolicy(input);
    if (problems.length) {
      setError(Object.fromEntries(problems.map((p) => [p.field.split('.')[0], translate(`portal.websites.messages.${p.key}`)])));
      return;
    }
    try {
      if (d.id) await dataProvider.policyUpdate(d.id, input);
      else await dataProvider.policyCreate(input);
      onSaved();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  };
  const list = (k: 'countries' | 'urls' | 'ips' | 'exceptions') => (
    <TextField label={t(k)} value={d[k]} onChange={(e) => set(k, e.target.value)} multiline minRows={2} error={Boolean(error[k])}
      helperText={error[k] ?? t('listHelp')} fullWidth inputProps={{ 'data-testid': `policy-${k}` }} />
  );
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="policy-dialog">
      <DialogTitle>{translate(d.id ? 'portal.websites.editPolicy' : 'portal.websites.addPolicy')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField label={t('name')} value={d.name} onChange={(e) => set('name', e.target.value)} error={Boolean(error.name)} helperText={error.name} inputProps={{ 'data-testid': 'policy-name' }} />
          <TextField label={t('description')} value={d.description} onChange={(e) => set('description', e.target.value)} error={Boolean(error.description)} helperText={error.description} />
          <TextField select label={t('type')} value={d.type} onChange={(e) => set('type', Number(e.target.value) as 1 | 2 | 3)} disabled={Boolean(d.id)} inputProps={{ 'data-testid': 'policy-type' }}>
            {[1, 2, 3].map((x) => <MenuItem key={x} value={x}>{translate(`portal.websites.policyType.${x}`)}</MenuItem>)}
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
            <TextField key={c} select label={translate(`portal.websites.wafCategory.${c}`)} value={d.waf[c]} onChange={(e) => set('waf', { ...d.waf, [c]: e.target.value })}>
              {WAF_RESPONSES.map((r) => <MenuItem key={r} value={r}>{translate(`portal.websites.wafResponse.${r}`)}</MenuItem>)}
            </TextField>
          ))}
          <FormControlLabel control={<Checkbox checked={d.enabled} onChange={(e) => set('enabled', e.target.checked)} />} label={t('enabled')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('portal.websites.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} data-testid="policy-save">{translate('portal.websites.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function PolicyPanel({ websiteId }: { websiteId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [policies, setPolicies] = useState<Policy[]>([]);
  const [apps, setApps] = useState<ClientApp[]>([]);
  const [editing, setEditing] = useState<Draft | null>(null);
  const load = useCallback(() => void dataProvider.policyList(websiteId).then(setPolicies, () => setPolicies([])), [dataProvider, websiteId]);
  useEffect(() => {
    load();
    void dataProvider.clientApps().then(setApps, () => setApps([]));
  }, [dataProvider, load]);
  const toggle = async (p: Policy) => {
    const { id, account: _a, createTime: _c, updateTime: _u, ...rest } = p;
    await dataProvider.policyUpdate(id, { ...rest, enabled: !p.enabled }).catch((e: Error) => notify(e.message, { type: 'error' }));
    load();
  };
  const remove = async (p: Policy) => {
    if (!window.confirm(translate('portal.websites.confirmDelete', { name: p.name }))) return;
    await dataProvider.policyDelete(p.id).then(() => notify('portal.websites.deleted', { type: 'success' }), (e: Error) => notify(e.message, { type: 'error' }));
    load();
  };
  const summary = (p: Policy) =>
    p.type === 3
      ? WAF_CATEGORIES.map((c) => `${translate(`portal.websites.wafCategory.${c}`)}: ${translate(`portal.websites.wafResponse.${p.waf[c]}`)}`).join('; ')
      : [...p.countries, ...p.ips, ...p.urls, ...p.clientAppIds].join(', ');
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => setEditing(draftOf())} data-testid="add-policy">{translate('portal.websites.addPolicy')}</Button>
      <Table size="small" data-testid="policy-table">
        <TableHead>
          <TableRow>
            <TableCell>{translate('portal.websites.policy.name')}</TableCell>
            <TableCell>{translate('portal.websites.policy.type')}</TableCell>
            <TableCell>{translate('portal.websites.policy.description')}</TableCell>
            <TableCell>{translate('portal.websites.policy.enabled')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {policies.map((p) => (
            <TableRow key={p.id}>
              <TableCell>{p.name}</TableCell>
              <TableCell><Chip size="small" label={translate(`portal.websites.policyType.${p.type}`)} /></TableCell>
              <TableCell sx={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis' }}>{p.description || summary(p)}</TableCell>
              <TableCell><Switch size="small" checked={p.enabled} onChange={() => void toggle(p)} /></TableCell>
              <TableCell>
                <Button size="small" onClick={() => setEditing(draftOf(p))}>{translate('portal.websites.edit')}</Button>
                <Button size="small" color="error" onClick={() => void remove(p)}>{translate('portal.websites.delete')}</Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing && (
        <PolicyDialog websiteId={websiteId} draft={editing} apps={apps} onClose={() => setEditing(null)}
          onSaved={() => {
            notify('portal.websites.saved', { type: 'success' });
            setEditing(null);
            load();
          }} />
      )}
    </>
  );
}
