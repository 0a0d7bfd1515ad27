import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button as MuiButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutline';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import { Confirm, useCreatePath, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import { isSuperRole } from '../../src/auth/permissions';
import { readUserInfo } from '../../src/auth/storage';
import type { Domain } from '../../dataProviders/api/domainTypes';
import { blockMessage, configBlock, DOMAIN_RESOURCE, isFormType, statusBlock } from './domainUi';

const small = { minWidth: 0, px: 0.75, whiteSpace: 'nowrap', textTransform: 'none' } as const;
/** The detail's toolbar uses the regular button style (with icons), rows the compact one. */
const style = (withIcon: boolean) => (withIcon ? { whiteSpace: 'nowrap' } : small);

/** Detail. */
export function DomainShowLink({ domain }: { domain: Domain }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <MuiButton size="small" sx={small} component={Link} to={createPath({ resource: DOMAIN_RESOURCE, id: domain.id, type: 'show' })} onClick={(e) => e.stopPropagation()}>
      {translate('portal.domains.actions.detail')}
    </MuiButton>
  );
}

/** Edit; while configuring or disabled it stays visible but explains why it is refused. */
export function DomainEditLink({ domain, withIcon = false }: { domain: Domain; withIcon?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const createPath = useCreatePath();
  const blocked = configBlock(domain);
  const label = translate('portal.domains.actions.edit');
  if (!isFormType(domain)) return null;
  if (blocked) {
    return (
      <MuiButton
        size="small"
        sx={{ ...style(withIcon), color: 'text.disabled' }}
        startIcon={withIcon ? <EditIcon /> : undefined}
        data-testid="edit-blocked"
        onClick={(e) => {
          e.stopPropagation();
          notify(blockMessage(blocked), { type: 'warning' });
        }}
      >
        {label}
      </MuiButton>
    );
  }
  return (
    <MuiButton size="small" sx={style(withIcon)} component={Link} to={createPath({ resource: DOMAIN_RESOURCE, id: domain.id, type: 'edit' })} startIcon={withIcon ? <EditIcon /> : undefined} onClick={(e) => e.stopPropagation()}>
      {label}
    </MuiButton>
  );
}

/** Version history (the detail's history tab). */
export function DomainHistoryLink({ domain }: { domain: Domain }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <MuiButton
      size="small"
      sx={small}
      component={Link}
      to={`${createPath({ resource: DOMAIN_RESOURCE, id: domain.id, type: 'show' })}/history`}
      onClick={(e) => e.stopPropagation()}
    >
      {translate('portal.domains.actions.history')}
    </MuiButton>
  );
}

/** Enable or disable after confirmation; refused while configuring or frozen. */
export function DomainStatusToggle({ domain, onDone, withIcon = false }: { domain: Domain; onDone?: () => void; withIcon?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const enabling = domain.status !== 'on';
  const blocked = statusBlock(domain, isSuperRole(readUserInfo()?.role ?? ''));
  const label = translate(enabling ? 'portal.domains.actions.enable' : 'portal.domains.actions.disable');

  const run = async () => {
    setBusy(true);
    try {
      if (enabling) await dataProvider.domainEnable(domain.id);
      else await dataProvider.domainDisable(domain.id);
      notify(enabling ? 'portal.domains.notifications.enabled' : 'portal.domains.notifications.disabled', { type: 'success' });
      refresh();
      onDone?.();
    } catch (e) {
      const err = e as Error & { messageArgs?: Record<string, string> };
      notify(err.message, { type: 'error', messageArgs: { _: err.message, ...err.messageArgs } });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Tooltip title={blocked ? translate(blockMessage(blocked)) : ''} describeChild>
        <MuiButton
          size="small"
          sx={{ ...style(withIcon), ...(blocked ? { color: 'text.disabled' } : {}) }}
          color={enabling ? 'success' : 'warning'}
          startIcon={withIcon ? enabling ? <PlayCircleOutlineIcon /> : <PauseCircleOutlineIcon /> : undefined}
          data-testid={enabling ? 'enable-domain' : 'disable-domain'}
          onClick={(e) => {
            e.stopPropagation();
            if (blocked) notify(blockMessage(blocked), { type: 'warning' });
            else setOpen(true);
          }}
        >
          {label}
        </MuiButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title={enabling ? 'portal.domains.confirm.enableTitle' : 'portal.domains.confirm.disableTitle'}
        content={enabling ? 'portal.domains.confirm.enableContent' : 'portal.domains.confirm.disableContent'}
        translateOptions={{ name: domain.name }}
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** The row's action buttons; write actions only with the operation right. */
export function DomainRowActions({ canOperate }: { canOperate: boolean; label?: string }) {
  const domain = useRecordContext<Domain>();
  if (!domain) return null;
  return (
    <span style={{ display: 'inline-flex', gap: 2, flexWrap: 'nowrap' }} data-testid={`row-actions-${domain.name}`}>
      <DomainShowLink domain={domain} />
      {canOperate && <DomainEditLink domain={domain} />}
      {canOperate && <DomainStatusToggle domain={domain} />}
      <DomainHistoryLink domain={domain} />
    </span>
  );
}
