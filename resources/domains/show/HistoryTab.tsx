import { useState } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import RestoreIcon from '@mui/icons-material/Restore';
import { Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { PortalDataProvider } from '../../../dataProviders';
import type { Domain, DomainVersion } from '../../../common/wire/domains';
import { blockMessage, configBlock, useCanOperateDomains, valueLabel } from '../domainUi';
import { formatDateTime } from '../../../src/lib/dateTime';
import { settingLabel } from './describe';
import { ColumnsTable } from '../../../src/kit/ColumnsTable';
import { QueryState, useDomainData } from './QueryState';
import { VersionDiff } from './VersionDiff';
import { useNotifyError } from '../../../src/kit/errorText';

/** "Origins, Cache rules" in the user's language (the server's summary is for logs). */
function summaryOf(t: ReturnType<typeof useTranslate>, v: DomainVersion): string {
  if (v.action === 'create') return t('resources.cdn/domain.history.created');
  const fields = [...new Set(v.changes.map((c) => c.field).filter((f) => f !== 'certificateId'))];
  return fields.length ? fields.map((f) => settingLabel(t, f)).join(', ') : t(valueLabel('historyAction', v.action));
}

function Versions({ domain, versions }: { domain: Domain; versions: DomainVersion[] }) {
  const t = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const canOperate = useCanOperateDomains();
  const [compare, setCompare] = useState<DomainVersion | null>(null);
  const [rollback, setRollback] = useState<DomainVersion | null>(null);
  const [busy, setBusy] = useState(false);

  if (!versions.length) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="no-history">
        {t('resources.cdn/domain.notifications.noHistory')}
      </Typography>
    );
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
      notifyError(e);
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
      <ColumnsTable<DomainVersion>
        testId="history-table"
        sx={{ maxWidth: 1200 }}
        rows={versions}
        rowKey={(v) => v.id}
        hover
        rowTestId={(v) => `version-${v.version}`}
        columns={[
          {
            label: 'resources.cdn/domain.history.version',
            sx: { whiteSpace: 'nowrap' },
            render: (v) => (
              <>
                {`v${v.version}`}{' '}
                {v.current && <Chip size="small" color="primary" label={t('resources.cdn/domain.history.current')} sx={{ ml: 0.5 }} />}
              </>
            ),
          },
          { label: 'resources.cdn/domain.history.time', sx: { whiteSpace: 'nowrap' }, render: (v) => formatDateTime(v.time) },
          { label: 'resources.cdn/domain.history.author', render: (v) => v.author },
          {
            label: 'resources.cdn/domain.history.action',
            sx: { whiteSpace: 'nowrap' },
            render: (v) => t(valueLabel('historyAction', v.action)),
          },
          { label: 'resources.cdn/domain.history.summary', sx: { maxWidth: 420 }, render: (v) => summaryOf(t, v) },
          {
            label: '',
            align: 'right',
            sx: { whiteSpace: 'nowrap' },
            render: (v) => (
              <>
                {!v.current && (
                  <Button size="small" startIcon={<CompareArrowsIcon />} onClick={() => setCompare(v)} data-testid={`compare-${v.version}`}>
                    {t('resources.cdn/domain.actions.compare')}
                  </Button>
                )}
                {rollbackButton(v)}
              </>
            ),
          },
        ]}
      />
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
  const history = useDomainData(['history', domain.id, domain.version, domain.operationState], () =>
    dataProvider.domainHistory(domain.name),
  );
  return (
    <Box>
      <QueryState query={history}>{(versions) => <Versions domain={domain} versions={versions} />}</QueryState>
    </Box>
  );
}
