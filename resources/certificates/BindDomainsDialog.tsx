import { useMemo, useState } from 'react';
import { Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import type { Certificate } from '../../common/wire/certificates';
import { expiryOf, namesCover } from './rules';
import { t } from './certificateUi';
import { useNotifyError } from '../../src/kit/errorText';
import { usePortalQuery } from '../../src/kit/usePortalQuery';
import { Spinner } from '../../src/kit/Progress';

/**
 * Batch binding: the user's domains (GET /cloud/encryptDomainInfo through the domain provider) that
 * the certificate covers are offered; the selection becomes the certificate's bindings.
 * Domains whose own settings choose the certificate are shown but changed in the domain form.
 */
export function BindDomainsDialog({
  record,
  open,
  onClose,
  onSaved,
}: {
  record: Certificate;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [selected, setSelected] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const configured = useMemo(() => record.configuredDomains ?? [], [record.configuredDomains]);
  // each opening starts from the certificate's bindings
  const [shown, setShown] = useState(false);
  if (shown !== open) {
    setShown(open);
    if (open) setSelected(record.bindDomains.filter((d) => !configured.includes(d)));
  }
  const names = usePortalQuery(['domainNames', 'all'], (dp) => dp.domainNames('all'), { enabled: open });
  const loadError = names.error ?? '';
  const options = useMemo(() => {
    if (!names.data || names.loading) return null;
    const usable = names.data.filter(
      (d) => namesCover(record.dnsNames, d.name) && (record.owned || record.shareAccounts.includes(d.account)),
    );
    return [...new Set(usable.map((d) => d.name.toLowerCase()))].filter((n) => !configured.includes(n)).sort();
  }, [names.data, names.loading, record, configured]);

  const expired = expiryOf(record.expireTime).state === 'expired';
  const save = async () => {
    setSaving(true);
    try {
      await dataProvider.certificateBindDomains(record.id, selected);
      notify(t('notifications.bound'), { type: 'success', messageArgs: { name: record.name } });
      onSaved();
      onClose();
    } catch (e) {
      notifyError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" onClick={(e) => e.stopPropagation()}>
      <DialogTitle>{translate(t('bind.title'), { name: record.name })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(t('bind.help'))}
        </Typography>
        {expired && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {translate(t('bind.expired'))}
          </Alert>
        )}
        {loadError && <Alert severity="error">{translate(t('bind.unavailable'), { reason: loadError })}</Alert>}
        {!loadError && options === null && <Spinner size={24} />}
        {!loadError && options !== null && !expired && (
          <Autocomplete
            multiple
            options={[...new Set([...options, ...selected])]}
            value={selected}
            onChange={(_e, value) => setSelected(value)}
            slotProps={{ chip: { size: 'small' } }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={translate(t('bind.domains'))}
                placeholder={options.length ? '' : translate(t('bind.noDomains'))}
              />
            )}
            noOptionsText={translate(t('bind.noDomains'))}
            data-testid="bind-domains-input"
          />
        )}
        {configured.length > 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {translate(t('bind.configured'), { domains: configured.join(', ') })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving || expired || options === null} data-testid="bind-save">
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
