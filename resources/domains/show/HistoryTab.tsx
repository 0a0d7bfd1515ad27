import { useState } from 'react';
import {
  Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import RestoreIcon from '@mui/icons-material/Restore';
import { Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { PortalDataProvider } from '../../../dataProviders';
import type { Domain, DomainVersion } from '../../../common/wire/domainTypes';
import { blockMessage, configBlock, formatDateTime, useCanOperateDomains, valueLabel } from '../domainUi';
import { settingLabel } from './describe';
import { QueryState, useDomainData } from './QueryState';
import { VersionDiff } from './VersionDiff';

/** "Origins, Cache rules" in the user's language (the server's summary is for logs). */
function summaryOf(t: ReturnType<typeof useTranslate>, v: DomainVersion): string {
  if (v.action === 'create') return t('resources.cdn/domain.history.created');
  const fields = [...new Set(v.changes.map((c) => c.field).filter((f) => f !== 'certificateId'))];
  return fields.length ? fields.map((f) => settingLabel(t, f)).join(', ') : t(valueLabel('historyAction', v.action));
}

function Versions({ domain, versions }: { domain: Domain; versions: DomainVersion[] }) {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const canOperate = useCanOperateDomains();
  const [compare, setCompare] = useState<DomainVersion | null>(null);
  const [rollback, setRollback] = useState<DomainVersion | null>(null);
  const [busy, setBusy] = useState(false);

  if (!versions.length) {
    return <Typography color="text.secondary" sx={{ p: 2 }} data-testid="no-history">{t('resources.cdn/domain.notifications.noHistory')}</Typography>;
  }
  const askRollback = (v: DomainVersion) => {
    const blocked = configBlock(domain);
    if (blocked) notify(blockMessage(blocked), { type: 'warning' });
    else setRollback(v);
  };
  const doRollback = async () => {
    if (!rollback) return;
    setBusy(true);
    try {
      await dataProvider.domainRollback(domain.name, rollback.version);
      notify('resources.cdn/domain.notifications.rolledBack', { type: 'success', messageArgs: { version: rollback.version } });
      setCompare(null);
      await queryClient.invalidateQueries({ queryKey: ['cdn/domain', 'history', domain.id] });
      refresh();
    } catch (e) {
      const err = e as Error & { messageArgs?: Record<string, string> };
      notify(err.message, { type: 'error', messageArgs: { _: err.message, ...(err.messageArgs ?? {}) } });
    } finally {
      setBusy(false);
      setRollback(null);
    }
  };
  const rollbackButton = (v: DomainVersion) =>
    canOperate && !v.current ? (
      <Button size="small" color="warning" startIcon={<RestoreIcon />} onClick={() => askRollback(v)} data-testid={`rollback-${v.version}`}>
        {t('resources.cdn/domain.actions.rollback')}
      </Button>
    ) : null;

  return (
    <>
      <Table size="small" sx={{ maxWidth: 1200 }} data-testid="history-table">
        <TableHead>
          <TableRow>
            {['version', 'time', 'author', 'action', 'summary'].map((k) => <TableCell key={k}>{t(`resources.cdn/domain.history.${k}`)}</TableCell>)}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {versions.map((v) => (
            <TableRow key={v.id} hover data-testid={`version-${v.version}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {`v${v.version}`} {v.current && <Chip size="small" color="primary" label={t('resources.cdn/domain.history.current')} sx={{ ml: 0.5 }} />}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(v.time)}</TableCell>
              <TableCell>{v.author}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(valueLabel('historyAction', v.action))}</TableCell>
              <TableCell sx={{ maxWidth: 420 }}>{summaryOf(t, v)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {!v.current && (
                  <Button size="small" startIcon={<CompareArrowsIcon />} onClick={() => setCompare(v)} data-testid={`compare-${v.version}`}>
                    {t('resources.cdn/domain.actions.compare')}
                  </Button>
                )}
                {rollbackButton(v)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Dialog open={compare !== null} onClose={() => setCompare(null)} maxWidth="lg" fullWidth>
        <DialogTitle>{compare && t('resources.cdn/domain.history.diffTitle', { version: compare.version })}</DialogTitle>
        <DialogContent dividers>{compare && <VersionDiff version={compare} domain={domain} />}</DialogContent>
        <DialogActions>
          {compare && rollbackButton(compare)}
          <Button onClick={() => setCompare(null)}>{t('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={rollback !== null}
        loading={busy}
        title="resources.cdn/domain.confirm.rollbackTitle"
        content="resources.cdn/domain.confirm.rollbackContent"
        translateOptions={{ name: domain.name, version: rollback?.version ?? '' }}
        onConfirm={doRollback}
        onClose={() => setRollback(null)}
      />
    </>
  );
}

/** Every saved change as a version: who, when, what; compare with the current config; roll back. */
export function HistoryTab({ domain }: { domain: Domain }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const history = useDomainData(['history', domain.id, domain.version, domain.operationState], () => dataProvider.domainHistory(domain.name));
  return (
    <Box>
      <QueryState query={history}>{(versions) => <Versions domain={domain} versions={versions} />}</QueryState>
    </Box>
  );
}
