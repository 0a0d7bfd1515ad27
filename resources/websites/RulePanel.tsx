import { useCallback, useEffect, useState } from 'react';
import {
  Alert, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, IconButton, MenuItem, Stack, Table,
  TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import type { Rule } from '../../dataProviders/impapi/websiteTypes';
import type { ClientApp, FilterFieldInfo } from '../../src/lib/wafCatalogue';
import {
  REDIRECT_CODES, validateRule, WAF_CATEGORIES, WAF_RESPONSES,
  type RuleAction, type RuleActionType, type RuleFilter, type RuleInput,
} from '../../src/lib/websiteRules';

/** A website's protection rules: list in priority order (drag and drop, or the arrows), create, update, delete. */

const headersText = (h?: Array<{ name: string; value: string }>) => (h ?? []).map((x) => `${x.name}: ${x.value}`).join('\n');
export const parseHeaders = (text: string) =>
  text.split('\n').map((l) => l.trim()).filter(Boolean).map((l) => {
    const i = l.indexOf(':');
    return i < 0 ? { name: l, value: '' } : { name: l.slice(0, i).trim(), value: l.slice(i + 1).trim() };
  });

interface Draft extends Omit<RuleInput, 'websiteId'> {
  id?: number;
  headersText: string;
}

const draftOf = (r?: Rule): Draft => ({
  id: r?.id, name: r?.name ?? '', enabled: r?.enabled ?? true, actionType: r?.actionType ?? 3, action: r?.action ?? { mode: 'block' },
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

function RuleDialog({ websiteId, draft, catalogue, apps, onClose, onSaved }: {
  websiteId: number; draft: Draft; catalogue: FilterFieldInfo[]; apps: ClientApp[]; onClose: () => void; onSaved: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [d, setD] = useState(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const t = (k: string) => translate(`portal.websites.rule.${k}`);
  const setAction = (patch: Partial<RuleAction>) => setD((x) => ({ ...x, action: { ...x.action, ...patch } }));
  const setFilter = (i: number, patch: Partial<RuleFilter>) => setD((x) => ({ ...x, filters: x.filters.map((f, j) => (j === i ? { ...f, ...patch } : f)) }));
  const err = (k: string) => errors[k];
  const save = async () => {
    const input: RuleInput = { websiteId, name: d.name, enabled: d.enabled, actionType: d.actionType, action: actionOf(d), filters: d.filters, clientAppIds: d.clientAppIds, interval: Number(d.interval) };
    const problems = validateRule(input);
    if (problems.length) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, translate(`portal.websites.messages.${p.key}`)])));
      return;
    }
    try {
      if (d.id) await dataProvider.ruleUpdate(d.id, input);
      else await dataProvider.ruleCreate(input);
      onSaved();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  };
  const ops = (field: string) => catalogue.find((c) => c.field === field)?.operators ?? ['equals'];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="rule-dialog">
      <DialogTitle>{translate(d.id ? 'portal.websites.editRule' : 'portal.websites.addRule')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField label={t('name')} value={d.name} onChange={(e) => setD({ ...d, name: e.target.value })} error={Boolean(err('name'))} helperText={err('name')} inputProps={{ 'data-testid': 'rule-name' }} />
          <Stack direction="row" spacing={2}>
            <TextField select label={t('actionType')} value={d.actionType} sx={{ minWidth: 200 }} inputProps={{ 'data-testid': 'rule-action-type' }}
              onChange={(e) => setD({ ...d, actionType: Number(e.target.value) as RuleActionType, action: {} })}>
              {[1, 2, 3, 4, 5, 6, 7].map((x) => <MenuItem key={x} value={x}>{translate(`portal.websites.actionType.${x}`)}</MenuItem>)}
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
              {(['challenge', 'block'] as const).map((m) => <MenuItem key={m} value={m}>{translate(`portal.websites.securityMode.${m}`)}</MenuItem>)}
            </TextField>
          )}
          {d.actionType === 4 && <TextField label={t('url')} value={d.action.url ?? ''} onChange={(e) => setAction({ url: e.target.value })} error={Boolean(err('action.url'))} helperText={err('action.url')} />}
          {(d.actionType === 4 || d.actionType === 6) && (
            <TextField label={t('headers')} value={d.headersText} onChange={(e) => setD({ ...d, headersText: e.target.value })} multiline minRows={2} error={Boolean(err('action.headers'))} helperText={err('action.headers')} />
          )}
          {d.actionType === 5 && <TextField label={t('origin')} value={d.action.origin ?? ''} onChange={(e) => setAction({ origin: e.target.value })} error={Boolean(err('action.origin'))} helperText={err('action.origin')} />}
          {d.actionType === 7 && WAF_CATEGORIES.map((c) => (
            <TextField key={c} select label={`${t('overrides')}: ${translate(`portal.websites.wafCategory.${c}`)}`} value={d.action.overrides?.[c] ?? ''}
              onChange={(e) => setAction({ overrides: { ...d.action.overrides, [c]: e.target.value || undefined } })} error={Boolean(err('action.overrides'))} helperText={err('action.overrides')}>
              <MenuItem value="">—</MenuItem>
              {WAF_RESPONSES.map((r) => <MenuItem key={r} value={r}>{translate(`portal.websites.wafResponse.${r}`)}</MenuItem>)}
            </TextField>
          ))}
          <Typography variant="subtitle2">{t('filters')}</Typography>
          {d.filters.map((f, i) => (
            <Stack key={i} direction="row" spacing={1}>
              <TextField select label={t('field')} value={f.field} onChange={(e) => setFilter(i, { field: e.target.value as RuleFilter['field'], operator: 'equals' })} sx={{ minWidth: 160 }}>
                {catalogue.map((c) => <MenuItem key={c.field} value={c.field}>{translate(`portal.websites.filterField.${c.field}`)}</MenuItem>)}
              </TextField>
              {f.field === 'header' && <TextField label={t('header')} value={f.header ?? ''} onChange={(e) => setFilter(i, { header: e.target.value })} />}
              <TextField select label={t('operator')} value={f.operator} onChange={(e) => setFilter(i, { operator: e.target.value as RuleFilter['operator'] })} sx={{ minWidth: 160 }}>
                {ops(f.field).map((o) => <MenuItem key={o} value={o}>{translate(`portal.websites.filterOperator.${o}`)}</MenuItem>)}
              </TextField>
              <TextField label={t('value')} value={f.value} onChange={(e) => setFilter(i, { value: e.target.value })} error={Boolean(err(`filters.${i}.value`))} helperText={err(`filters.${i}.value`)} fullWidth inputProps={{ 'data-testid': `rule-filter-value-${i}` }} />
              <Button color="error" onClick={() => setD({ ...d, filters: d.filters.filter((_, j) => j !== i) })}>{translate('portal.websites.delete')}</Button>
            </Stack>
          ))}
          <Button size="small" onClick={() => setD({ ...d, filters: [...d.filters, { field: 'path', operator: 'startsWith', value: '' }] })}>{t('addFilter')}</Button>
          <TextField select label={t('clientAppIds')} SelectProps={{ multiple: true }} value={d.clientAppIds} onChange={(e) => setD({ ...d, clientAppIds: e.target.value as unknown as string[] })}>
            {apps.map((a) => <MenuItem key={a.id} value={a.id}>{a.name}</MenuItem>)}
          </TextField>
          <FormControlLabel control={<Checkbox checked={d.enabled} onChange={(e) => setD({ ...d, enabled: e.target.checked })} />} label={t('enabled')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('portal.websites.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} data-testid="rule-save">{translate('portal.websites.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function RulePanel({ websiteId }: { websiteId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [rules, setRules] = useState<Rule[]>([]);
  const [catalogue, setCatalogue] = useState<FilterFieldInfo[]>([]);
  const [apps, setApps] = useState<ClientApp[]>([]);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const load = useCallback(() => void dataProvider.ruleList(websiteId).then(setRules, () => setRules([])), [dataProvider, websiteId]);
  useEffect(() => {
    load();
    void dataProvider.ruleFilters().then(setCatalogue, () => setCatalogue([]));
    void dataProvider.clientApps().then(setApps, () => setApps([]));
  }, [dataProvider, load]);
  useEffect(() => {
    if (!rules.some((r) => r.status === 'configuring')) return;
    const timer = setTimeout(load, 1500);
    return () => clearTimeout(timer);
  }, [rules, load]);
  const reorder = async (ids: number[]) => {
    setRules((rs) => ids.map((id) => rs.find((r) => r.id === id)!));
    try {
      setRules(await dataProvider.rulePriority(websiteId, ids));
      notify('portal.websites.rule.reordered', { type: 'success' });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
      load();
    }
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= rules.length || from === to) return;
    const ids = rules.map((r) => r.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id);
    void reorder(ids);
  };
  const remove = async (r: Rule) => {
    if (!window.confirm(translate('portal.websites.confirmDelete', { name: r.name }))) return;
    await dataProvider.ruleDelete(r.id).then(() => notify('portal.websites.deleted', { type: 'success' }), (e: Error) => notify(e.message, { type: 'error' }));
    load();
  };
  return (
    <>
      <Stack direction="row" spacing={2} alignItems="center">
        <Button variant="outlined" size="small" onClick={() => setEditing(draftOf())} data-testid="add-rule">{translate('portal.websites.addRule')}</Button>
        <Typography variant="caption" color="text.secondary">{translate('portal.websites.rule.dragHint')}</Typography>
      </Stack>
      <Table size="small" data-testid="rule-table">
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell>{translate('portal.websites.rule.priority')}</TableCell>
            <TableCell>{translate('portal.websites.rule.name')}</TableCell>
            <TableCell>{translate('portal.websites.rule.actionType')}</TableCell>
            <TableCell>{translate('portal.websites.rule.filters')}</TableCell>
            <TableCell>{translate('portal.websites.rule.status')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rules.map((r, i) => (
            <TableRow key={r.id} draggable data-testid={`rule-row-${i}`}
              onDragStart={() => setDragged(i)} onDragOver={(e) => e.preventDefault()}
              onDrop={() => { if (dragged !== null) move(dragged, i); setDragged(null); }}>
              <TableCell sx={{ cursor: 'grab' }}><DragIndicatorIcon fontSize="small" /></TableCell>
              <TableCell>{r.priority}</TableCell>
              <TableCell>{r.name}</TableCell>
              <TableCell>{translate(`portal.websites.actionType.${r.actionType}`)}</TableCell>
              <TableCell>{r.filters.map((f) => `${translate(`portal.websites.filterField.${f.field}`)} ${translate(`portal.websites.filterOperator.${f.operator}`)} ${f.value}`).join('; ')}</TableCell>
              <TableCell><Chip size="small" color={r.status === 'configured' ? 'success' : r.status === 'configuring' ? 'warning' : 'default'} label={translate(`portal.websites.status.${r.status}`)} /></TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <IconButton size="small" aria-label={translate('portal.websites.rule.up')} onClick={() => move(i, i - 1)} disabled={i === 0}><ArrowUpwardIcon fontSize="small" /></IconButton>
                <IconButton size="small" aria-label={translate('portal.websites.rule.down')} onClick={() => move(i, i + 1)} disabled={i === rules.length - 1}><ArrowDownwardIcon fontSize="small" /></IconButton>
                <Button size="small" onClick={() => setEditing(draftOf(r))}>{translate('portal.websites.edit')}</Button>
                <Button size="small" color="error" onClick={() => void remove(r)}>{translate('portal.websites.delete')}</Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing && (
        <RuleDialog websiteId={websiteId} draft={editing} catalogue={catalogue} apps={apps} onClose={() => setEditing(null)}
          onSaved={() => {
            notify('portal.websites.saved', { type: 'success' });
            setEditing(null);
            load();
          }} />
      )}
    </>
  );
}
