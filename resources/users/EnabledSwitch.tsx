import { useState } from 'react';
import { Switch, Tooltip } from '@mui/material';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import type { SubUserRecord } from '../../dataProviders/shiro/users';
import { useNotifyError } from '../../src/kit/errorText';

/**
 * The enabled flag of a row; with the operation right a switch that asks before it changes
 * (disabling ends the user's open sessions; its rights stay).
 */
export function EnabledSwitch({ operate }: { operate: boolean }) {
  const record = useRecordContext<SubUserRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const next = !record.enabled;
  const label = translate(record.enabled ? 'resources.page/user.enabledOn' : 'resources.page/user.enabledOff');
  const confirm = async () => {
    setBusy(true);
    try {
      const { msg } = await dataProvider.userEnable(record.uid, next);
      notify(msg || (next ? 'resources.page/user.enabledDone' : 'resources.page/user.disabledDone'), { type: 'success' });
      refresh();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Tooltip title={label}>
        <span onClick={(e) => e.stopPropagation()}>
          <Switch
            size="small"
            checked={record.enabled}
            disabled={!operate || busy}
            onChange={() => setAsking(true)}
            slotProps={{ input: { 'aria-label': `${record.username}: ${label}` } }}
          />
        </span>
      </Tooltip>
      <Confirm
        isOpen={asking}
        loading={busy}
        title={next ? 'resources.page/user.enableTitle' : 'resources.page/user.disableTitle'}
        content={next ? 'resources.page/user.enableContent' : 'resources.page/user.disableContent'}
        translateOptions={{ username: record.username }}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
