import { Link } from 'react-router-dom';
import type { ReactElement } from 'react';
import { Button as MuiButton, type ButtonProps } from '@mui/material';
import AcUnitIcon from '@mui/icons-material/AcUnit';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutline';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import { useCreatePath, useDataProvider, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import { isSuperRole } from '../../common/rules/shell/permissions';
import { readUserInfo } from '../../src/auth/storage';
import type { Domain } from '../../common/wire/domains';
import { actionSx as style, ConfirmButton, type ConfirmButtonProps } from '../../src/kit/ConfirmButton';
import { blockMessage, configBlock, DOMAIN_RESOURCE, isFormType, statusBlock } from './domainUi';

const small = style(false);
/** Freeze and unfreeze are the provider staff's (roles starting with 'super'). */
const isStaff = () => isSuperRole(readUserInfo()?.role ?? '');

/** A compact link of a row (a click on it does not also click the row). */
function RowLink({ to, label }: { to: string; label: string }) {
  const translate = useTranslate();
  return (
    <MuiButton size="small" sx={small} component={Link} to={to} onClick={(e) => e.stopPropagation()}>
      {translate(label)}
    </MuiButton>
  );
}

/** Detail. */
export function DomainShowLink({ domain }: { domain: Domain }) {
  const createPath = useCreatePath();
  return (
    <RowLink to={createPath({ resource: DOMAIN_RESOURCE, id: domain.id, type: 'show' })} label="resources.cdn/domain.actions.detail" />
  );
}

/** Edit; while configuring or disabled it stays visible, greyed (text.secondary: still readable, 5.7:1), and explains why it is refused. */
export function DomainEditLink({ domain, withIcon = false }: { domain: Domain; withIcon?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const createPath = useCreatePath();
  const blocked = configBlock(domain);
  const label = translate('resources.cdn/domain.actions.edit');
  if (!isFormType(domain)) return null;
  if (blocked) {
    return (
      <MuiButton
        size="small"
        sx={{ ...style(withIcon), color: 'text.secondary' }}
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
    <MuiButton
      size="small"
      sx={style(withIcon)}
      component={Link}
      to={createPath({ resource: DOMAIN_RESOURCE, id: domain.id, type: 'edit' })}
      startIcon={withIcon ? <EditIcon /> : undefined}
      onClick={(e) => e.stopPropagation()}
    >
      {label}
    </MuiButton>
  );
}

/** Version history (the detail's history tab). */
export function DomainHistoryLink({ domain }: { domain: Domain }) {
  const createPath = useCreatePath();
  const to = `${createPath({ resource: DOMAIN_RESOURCE, id: domain.id, type: 'show' })}/history`;
  return <RowLink to={to} label="resources.cdn/domain.actions.history" />;
}

interface StatusAction {
  done: string;
  icon: ReactElement;
  color: ButtonProps['color'];
  run: (dp: PortalDataProvider, id: Domain['id']) => Promise<unknown>;
}

/**
 * Each status change: its success notice (the other texts and the test id follow from the action's
 * name), icon, colour and call.
 */
const STATUS_ACTIONS = {
  enable: { done: 'enabled', icon: <PlayCircleOutlineIcon />, color: 'success', run: (dp, id) => dp.domainEnable(id) },
  disable: { done: 'disabled', icon: <PauseCircleOutlineIcon />, color: 'warning', run: (dp, id) => dp.domainDisable(id) },
  freeze: { done: 'frozenDone', icon: <AcUnitIcon />, color: 'info', run: (dp, id) => dp.domainSetStatus(id, 'freeze') },
  unfreeze: { done: 'unfrozen', icon: <LockOpenIcon />, color: 'success', run: (dp, id) => dp.domainSetStatus(id, 'on') },
} satisfies Record<string, StatusAction>;

/** A status change of a domain behind a confirmation; refused as statusBlock says (for staff or not). */
function StatusConfirm({
  action,
  domain,
  staff,
  withIcon,
  onDone,
}: { action: keyof typeof STATUS_ACTIONS; domain: Domain; staff: boolean } & Pick<ConfirmButtonProps, 'withIcon' | 'onDone'>) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { done, icon, color, run } = STATUS_ACTIONS[action];
  const blocked = statusBlock(domain, staff);
  return (
    <ConfirmButton
      label={translate(`resources.cdn/domain.actions.${action}`)}
      icon={icon}
      withIcon={withIcon}
      color={color}
      testId={`${action}-domain`}
      blockedMessage={blocked && blockMessage(blocked)}
      title={`resources.cdn/domain.confirm.${action}Title`}
      content={`resources.cdn/domain.confirm.${action}Content`}
      name={domain.name}
      success={`resources.cdn/domain.notifications.${done}`}
      run={() => run(dataProvider, domain.id)}
      onDone={onDone}
    />
  );
}

/** Enable or disable after confirmation; refused while configuring or frozen (staff unfreeze instead). */
export function DomainStatusToggle({ domain, onDone, withIcon = false }: { domain: Domain; onDone?: () => void; withIcon?: boolean }) {
  const staff = isStaff();
  if (staff && domain.status === 'freeze') return null;
  return (
    <StatusConfirm
      action={domain.status !== 'on' ? 'enable' : 'disable'}
      domain={domain}
      staff={staff}
      withIcon={withIcon}
      onDone={onDone}
    />
  );
}

/** Provider staff freeze a domain (the customer cannot enable it again) or unfreeze it (enabled again). */
export function DomainFreezeToggle({ domain, withIcon = false }: { domain: Domain; withIcon?: boolean }) {
  if (!isStaff()) return null;
  return <StatusConfirm action={domain.status !== 'freeze' ? 'freeze' : 'unfreeze'} domain={domain} staff withIcon={withIcon} />;
}

/** Delete after confirmation; refused while configuring (as the server does). From the detail, back to the list. */
export function DomainDeleteButton({
  domain,
  withIcon = false,
  backToList = false,
}: {
  domain: Domain;
  withIcon?: boolean;
  backToList?: boolean;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const redirect = useRedirect();
  return (
    <ConfirmButton
      label={translate('resources.cdn/domain.actions.delete')}
      icon={<DeleteOutlineIcon />}
      withIcon={withIcon}
      color="error"
      testId="delete-domain"
      blockedMessage={domain.operationState === 'configuring' ? blockMessage('configuring') : null}
      title="resources.cdn/domain.confirm.deleteTitle"
      content="resources.cdn/domain.confirm.deleteContent"
      name={domain.name}
      success="resources.cdn/domain.notifications.deleted"
      run={() => dataProvider.delete(DOMAIN_RESOURCE, { id: domain.id, previousData: domain })}
      leaving={backToList}
      onDone={backToList ? () => redirect('list', DOMAIN_RESOURCE) : undefined}
    />
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
      {canOperate && <DomainFreezeToggle domain={domain} />}
      <DomainHistoryLink domain={domain} />
      {canOperate && <DomainDeleteButton domain={domain} />}
    </span>
  );
}
