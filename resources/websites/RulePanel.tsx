import { useCallback, useEffect, useState } from 'react';
import { Button, Chip, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProviders';
import type { Rule } from '../../common/wire/websiteTypes';
import { WEBSITE_RESOURCE } from '../../dataProviders/impapi/websites';

/** A website's protection rules: list in priority order (drag and drop, or the arrows), delete; adding and editing are pages (RulePage). */

export function RulePanel({ websiteId }: { websiteId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const navigate = useNavigate();
  const [rules, setRules] = useState<Rule[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);
  const load = useCallback(() => void dataProvider.ruleList(websiteId).then(setRules, () => setRules([])), [dataProvider, websiteId]);
  useEffect(load, [load]);
  const base = `/${WEBSITE_RESOURCE}/${websiteId}/rules`;
  useEffect(() => {
    if (!rules.some((r) => r.status === 'configuring')) return;
    const timer = setTimeout(load, 1500);
    return () => clearTimeout(timer);
  }, [rules, load]);
  const reorder = async (ids: number[]) => {
    setRules((rs) => ids.map((id) => rs.find((r) => r.id === id)!));
    try {
      setRules(await dataProvider.rulePriority(websiteId, ids));
      notify('resources.dcdn/website.rule.reordered', { type: 'success' });
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
    if (!window.confirm(translate('resources.dcdn/website.confirmDelete', { name: r.name }))) return;
    await dataProvider.ruleDelete(r.id).then(() => notify('resources.dcdn/website.deleted', { type: 'success' }), (e: Error) => notify(e.message, { type: 'error' }));
    load();
  };
  return (
    <>
      <Stack direction="row" spacing={2} alignItems="center">
        <Button variant="outlined" size="small" onClick={() => navigate(`${base}/create`)} data-testid="add-rule">{translate('resources.dcdn/website.addRule')}</Button>
        <Typography variant="caption" color="text.secondary">{translate('resources.dcdn/website.rule.dragHint')}</Typography>
      </Stack>
      <Table size="small" data-testid="rule-table">
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell>{translate('resources.dcdn/website.rule.priority')}</TableCell>
            <TableCell>{translate('resources.dcdn/website.rule.name')}</TableCell>
            <TableCell>{translate('resources.dcdn/website.rule.actionType')}</TableCell>
            <TableCell>{translate('resources.dcdn/website.rule.filters')}</TableCell>
            <TableCell>{translate('resources.dcdn/website.rule.status')}</TableCell>
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
              <TableCell>{translate(`resources.dcdn/website.actionType.${r.actionType}`)}</TableCell>
              <TableCell>{r.filters.map((f) => `${translate(`resources.dcdn/website.filterField.${f.field}`)} ${translate(`resources.dcdn/website.filterOperator.${f.operator}`)} ${f.value}`).join('; ')}</TableCell>
              <TableCell><Chip size="small" color={r.status === 'configured' ? 'success' : r.status === 'configuring' ? 'warning' : 'default'} label={translate(`resources.dcdn/website.status.${r.status}`)} /></TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <IconButton size="small" aria-label={translate('resources.dcdn/website.rule.up')} onClick={() => move(i, i - 1)} disabled={i === 0}><ArrowUpwardIcon fontSize="small" /></IconButton>
                <IconButton size="small" aria-label={translate('resources.dcdn/website.rule.down')} onClick={() => move(i, i + 1)} disabled={i === rules.length - 1}><ArrowDownwardIcon fontSize="small" /></IconButton>
                <Button size="small" onClick={() => navigate(`${base}/${r.id}`)}>{translate('resources.dcdn/website.edit')}</Button>
                <Button size="small" color="error" onClick={() => void remove(r)}>{translate('resources.dcdn/website.delete')}</Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
