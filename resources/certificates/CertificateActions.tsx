import { useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import LinkIcon from '@mui/icons-material/Link';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Confirm, useCreatePath, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import type { Certificate } from '../../common/wire/certificates';
import { BindDomainsDialog } from './BindDomainsDialog';
import { CERTIFICATE_RESOURCE, t, useCanOperateCertificates } from './certificateUi';
import { useNotifyError } from '../../src/kit/errorText';

const stop = (e: React.MouseEvent) => e.stopPropagation();

interface ActionProps {
  label: string;
  icon: ReactElement;
  compact: boolean;
  testId: string;
  color?: 'primary' | 'error';
  /** Tooltip text (defaults to the label in compact mode). */
  hint?: string;
  to?: string;
  onClick?: () => void;
}

/** One action: an icon with a tooltip in table rows, a text button elsewhere. */
function Action({ label, icon, compact, testId, color = 'primary', hint, to, onClick }: ActionProps) {
  const link = to ? { component: Link, to } : {};
  const click = (e: React.MouseEvent) => {
    stop(e);
    onClick?.();
  };
  const button = compact ? (
    <IconButton size="small" color={color} aria-label={label} data-testid={testId} onClick={click} {...link}>
      {icon}
    </IconButton>
  ) : (
    <Button size="small" color={color} startIcon={icon} data-testid={testId} onClick={click} sx={{ whiteSpace: 'nowrap' }} {...link}>
      {label}
    </Button>
  );
  // with its text shown, the hint describes the button and its name stays that text (axe-core label-content-name-mismatch)
  return (
    <Tooltip title={hint ?? (compact ? label : '')} describeChild={!compact}>
      {button}
    </Tooltip>
  );
}

/** Saves the chain (with the key for the operation right on an owned certificate). */
function DownloadAction({ record, compact }: { record: Certificate; compact: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const withKey = useCanOperateCertificates() && record.owned;
  const label = translate(t('actions.download'));
  return (
    <Action
      label={label}
      hint={`${compact ? `${label}: ` : ''}${translate(t(withKey ? 'helpers.downloadKey' : 'helpers.downloadChain'))}`}
      icon={<DownloadIcon fontSize="small" />}
      compact={compact}
      testId="certificate-download"
      onClick={async () => {
        try {
          const file = await dataProvider.certificateDownload(record.id);
          notify(t('notifications.downloaded'), { type: 'info', messageArgs: { file } });
        } catch (err) {
          notifyError(err);
        }
      }}
    />
  );
}

/** Asks, then requests the deletion; the row goes to 'deleting' and the list polls its status. */
function DeleteAction({ record, compact, onDone }: { record: Certificate; compact: boolean; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await dataProvider.delete(CERTIFICATE_RESOURCE, { id: record.id, previousData: record });
      notify(t('notifications.deleteStarted'), { type: 'info', messageArgs: { name: record.name } });
      onDone();
    } catch (err) {
      notifyError(err, undefined, { autoHideDuration: 8000 });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Action
        label={translate(t('actions.delete'))}
        icon={<DeleteOutlineIcon fontSize="small" />}
        color="error"
        compact={compact}
        testId="certificate-delete"
        onClick={() => setOpen(true)}
      />
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate(t('delete.title'), { name: record.name })}
        content={translate(t('delete.content'), { name: record.name })}
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Clears a failed deletion (state 3 back to normal). */
function ClearAction({ record, compact, onDone }: { record: Certificate; compact: boolean; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <Action
      label={translate(t('actions.clear'))}
      icon={<RestartAltIcon fontSize="small" />}
      compact={compact}
      testId="certificate-clear"
      onClick={async () => {
        try {
          await dataProvider.certificateClear(record.id);
          notify(t('notifications.cleared'), { type: 'success' });
          onDone();
        } catch (err) {
          notifyError(err);
        }
      }}
    />
  );
}

function BindAction({ record, compact, onDone }: { record: Certificate; compact: boolean; onDone: () => void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Action
        label={translate(t('actions.bind'))}
        icon={<LinkIcon fontSize="small" />}
        compact={compact}
        testId="certificate-bind"
        onClick={() => setOpen(true)}
      />
      {open && <BindDomainsDialog record={record} open={open} onClose={() => setOpen(false)} onSaved={onDone} />}
    </>
  );
}

/**
 * The actions a certificate offers. Write actions only with the operation right; changes only on
 * owned certificates (a shared one can be bound, not changed); nothing changes while deleting.
 */
export function CertificateActions({
  record,
  onChanged,
  showDetails = true,
  compact = false,
}: {
  record: Certificate;
  onChanged: () => void;
  showDetails?: boolean;
  /** In a table row: icons with tooltips. */
  compact?: boolean;
}) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const operate = useCanOperateCertificates();
  const normal = record.logicDelete === 0;
  return (
    <Box sx={{ display: 'flex', flexWrap: compact ? 'nowrap' : 'wrap', gap: compact ? 0 : 0.5 }}>
      {showDetails && (
        <Action
          label={translate(t('actions.details'))}
          icon={<VisibilityOutlinedIcon fontSize="small" />}
          compact={compact}
          testId="certificate-details"
          to={createPath({ resource: CERTIFICATE_RESOURCE, id: record.id, type: 'show' })}
        />
      )}
      {operate && record.owned && normal && (
        <Action
          label={translate(t('actions.edit'))}
          icon={<EditIcon fontSize="small" />}
          compact={compact}
          testId="certificate-edit"
          to={createPath({ resource: CERTIFICATE_RESOURCE, id: record.id, type: 'edit' })}
        />
      )}
      {record.logicDelete !== 2 && <DownloadAction record={record} compact={compact} />}
      {operate && normal && <BindAction record={record} compact={compact} onDone={onChanged} />}
      {operate && record.owned && normal && <DeleteAction record={record} compact={compact} onDone={onChanged} />}
      {operate && record.owned && record.logicDelete === 3 && <ClearAction record={record} compact={compact} onDone={onChanged} />}
    </Box>
  );
}

/** Datagrid column wrapper. */
export function CertificateRowActions({ onChanged }: { label?: string; onChanged: () => void }) {
  const record = useRecordContext<Certificate>();
  if (!record) return null;
  return <CertificateActions record={record} onChanged={onChanged} compact />;
}
