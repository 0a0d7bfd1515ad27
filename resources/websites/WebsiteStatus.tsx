import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Website } from '../../common/wire/websites';

/** Operation state and enabled flag as one chip (`label`: the Datagrid's column header). */
export function WebsiteStatusField(_props: { label?: string }) {
  const w = useRecordContext<Website>();
  const translate = useTranslate();
  if (!w) return null;
  if (w.status === 'configuring')
    return (
      <Chip size="small" color="warning" label={translate('resources.dcdn/website.status.configuring')} data-testid="website-status" />
    );
  return (
    <Chip
      size="small"
      color={w.enabled ? 'success' : 'default'}
      data-testid="website-status"
      label={translate(w.enabled ? 'resources.dcdn/website.status.configured' : 'resources.dcdn/website.status.disabled')}
    />
  );
}

/** The check badge of the list. */
export function WebsiteCheckField(_props: { label?: string }) {
  const w = useRecordContext<Website>();
  const translate = useTranslate();
  if (!w) return null;
  const color = w.checkStatus === 'ok' ? 'success' : w.checkStatus === 'error' ? 'error' : 'default';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={translate(`resources.dcdn/website.check.${w.checkStatus}`)}
      data-testid="website-check"
    />
  );
}
