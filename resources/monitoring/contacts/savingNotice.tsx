import { useState } from 'react';
import { Snackbar, Stack } from '@mui/material';
import { useNotify, useRedirect, useTranslate } from 'react-admin';
import { useSaveFailure } from '../../../src/kit/staleWrite';
import { Spinner } from '../../../src/kit/Progress';

/**
 * Alert add/update (spec §4, §8): a loading notice while the call runs, then a success notice.
 * Returns the notice element (with the stale-edit dialog, src/kit/staleWrite.tsx) and mutation
 * options for <Create>/<Edit>.
 */
export function useSavingNotice(resource: string) {
  const [saving, setSaving] = useState(false);
  const t = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const { onError, staleDialog } = useSaveFailure();
  const notice = (
    <>
      <Snackbar
        open={saving}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        data-testid="monit-saving"
        message={
          <Stack direction="row" spacing={1} alignItems="center">
            <Spinner size={16} color="inherit" label={t('resources.CMonit/alertContact.saving')} />
            <span>{t('resources.CMonit/alertContact.saving')}</span>
          </Stack>
        }
      />
      {staleDialog}
    </>
  );
  const mutationOptions = {
    onMutate: () => setSaving(true),
    onSettled: () => setSaving(false),
    onError,
    onSuccess: () => {
      notify('resources.CMonit/alertContact.success', { type: 'success' });
      redirect('list', resource);
    },
  };
  return { notice, mutationOptions, saving, setSaving };
}
