import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import {
  CreateButton,
  Datagrid,
  EditButton,
  Empty,
  FunctionField,
  TextField,
  TextInput,
  TopToolbar,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import type { PortErrorData, Website } from '../../common/wire/websites';
import { WebsiteCheckField, WebsiteStatusField } from './WebsiteStatus';
import { useCanOperate } from '../../src/auth/useCanOperate';
import { WEBSITE_RESOURCE } from '../../dataProviders/impapi/websites';
import { PortalList } from '../../src/kit/PortalList';
import { usePollWhile } from '../../src/kit/usePollWhile';
import { usePortalQuery } from '../../src/kit/usePortalQuery';
import { useNotifyError } from '../../src/kit/errorText';
import { formatDateTime } from '../../src/lib/dateTime';

/** While a website is configuring, the list polls until the issue completes. */
function PollWhileConfiguring() {
  const { data, refetch } = useListContext<Website>();
  usePollWhile(
    (data ?? []).some((w) => w.status === 'configuring'),
    refetch,
    1500,
  );
  return null;
}

function PortErrorsDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const translate = useTranslate();
  const query = usePortalQuery(['websitePortErrors', id], (dp) => dp.websitePortErrors(id));
  // a failed call shows as no errors
  const data: PortErrorData | undefined = query.failure ? { checkTime: null, errors: [] } : query.data;
  return (
    <Dialog open onClose={onClose} data-testid="port-errors">
      <DialogTitle>{translate('resources.dcdn/website.portErrors')}</DialogTitle>
      <DialogContent>
        {data && !data.errors.length && <Typography>{translate('resources.dcdn/website.portErrorsEmpty')}</Typography>}
        {data?.errors.map((e) => (
          <Typography key={`${e.host}:${e.port}`} variant="body2" sx={{ mb: 1 }}>
            <b>{e.address}</b> ({e.host}:{e.port}) — {e.reason}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function RowActions() {
  const w = useRecordContext<Website>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [errorsOf, setErrorsOf] = useState<number | null>(null);
  const operate = useCanOperate(WEBSITE_RESOURCE);
  if (!w) return null;
  const run = async (fn: () => Promise<unknown>, ok?: string) => {
    setBusy(true);
    try {
      await fn();
      if (ok) notify(ok, { type: 'success' });
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const check = () =>
    run(async () => {
      const r = await dataProvider.websiteCheck(w.id);
      const failed = r.origins.filter((o) => !o.ok).length;
      if (failed) {
        notify(translate('resources.dcdn/website.checkFailed', { count: failed }), { type: 'warning' });
        setErrorsOf(w.id);
      } else notify('resources.dcdn/website.checkOk', { type: 'success' });
    });
  return (
    // wraps rather than widening the table past the page (the English labels are longer)
    <Stack direction="row" useFlexGap flexWrap="wrap" columnGap={0.5} sx={{ maxWidth: 220 }} onClick={(e) => e.stopPropagation()}>
      {operate && <EditButton label="resources.dcdn/website.edit" />}
      {operate && (
        <Button
          size="small"
          disabled={busy || w.status === 'configuring'}
          data-testid="website-toggle"
          onClick={() =>
            run(
              () => (w.enabled ? dataProvider.websiteDisable(w.id) : dataProvider.websiteEnable(w.id)),
              w.enabled ? 'resources.dcdn/website.disabled' : 'resources.dcdn/website.enabled',
            )
          }
        >
          {translate(w.enabled ? 'resources.dcdn/website.disable' : 'resources.dcdn/website.enable')}
        </Button>
      )}
      {operate && (
        <Button size="small" disabled={busy} onClick={check} data-testid="website-check-button">
          {translate(busy ? 'resources.dcdn/website.checking' : 'resources.dcdn/website.checkConfig')}
        </Button>
      )}
      {w.checkStatus === 'error' && (
        <Button size="small" color="error" onClick={() => setErrorsOf(w.id)}>
          {translate('resources.dcdn/website.portErrors')}
        </Button>
      )}
      {errorsOf !== null && <PortErrorsDialog id={errorsOf} onClose={() => setErrorsOf(null)} />}
    </Stack>
  );
}

const filters = [<TextInput key="domain" source="domain" label="resources.dcdn/website.fields.domain" alwaysOn resettable />];

export function WebsiteList() {
  const translate = useTranslate();
  const operate = useCanOperate(WEBSITE_RESOURCE);
  return (
    <PortalList
      title="resources.dcdn/website.listTitle"
      filters={filters}
      actions={<TopToolbar>{operate && <CreateButton />}</TopToolbar>}
      sort={{ field: 'id', order: 'DESC' }}
      empty={<Empty />}
    >
      <PollWhileConfiguring />
      <Datagrid bulkActionButtons={false} rowClick={false} data-testid="website-list" sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TextField source="domain" label="resources.dcdn/website.fields.domain" sortable={false} />
        <TextField source="protectionAddress" label="resources.dcdn/website.fields.protectionAddress" sortable={false} />
        <FunctionField
          label="resources.dcdn/website.fields.origins"
          render={(w: Website) =>
            w.origins
              .map(
                (o) =>
                  o.address + (w.originType === 'multiple' ? ` (${o.weight}%, ${translate(`resources.dcdn/website.role.${o.role}`)})` : ''),
              )
              .join(', ')
          }
        />
        <FunctionField
          label="resources.dcdn/website.fields.lbMode"
          sx={{ whiteSpace: 'nowrap' }}
          render={(w: Website) => (w.originType === 'multiple' ? translate(`resources.dcdn/website.lbMode.${w.lbMode}`) : '—')}
        />
        <TextField source="remark" label="resources.dcdn/website.fields.remark" sortable={false} />
        <WebsiteStatusField label="resources.dcdn/website.fields.status" />
        <WebsiteCheckField label="resources.dcdn/website.fields.checkStatus" />
        <FunctionField
          label="resources.dcdn/website.fields.updateTime"
          sx={{ whiteSpace: 'nowrap' }}
          render={(w: Website) => formatDateTime(w.updateTime)}
        />
        <RowActions />
      </Datagrid>
    </PortalList>
  );
}
