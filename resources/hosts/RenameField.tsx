import { useState, type MouseEvent } from 'react';
import { Box, Button, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useNotify, useRecordContext, useResourceContext, useTranslate, useUpdate } from 'react-admin';
import { useCanOperate } from '../../src/auth/useCanOperate';
import type { Host } from '../../common/wire/hosts';
import { HOST_NAME_MAX, hostNameProblem } from '../../common/rules/hosts';
import { useNotifyError } from '../../src/kit/errorText';

/**
 * The host name with rename in place (spec §4, §8): the reply replaces the host by id in its list;
 * success shows 'success', a refusal its msg, no reply data 'error'.
 */
export function RenameField() {
  const host = useRecordContext<Host>();
  const resource = useResourceContext();
  const t = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canOperate = useCanOperate(resource ?? '');
  const [update, { isPending }] = useUpdate();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  if (!host) return null;
  const problem = hostNameProblem(value);
  const stop = (e: MouseEvent) => e.stopPropagation();
  const save = () => {
    if (problem) return;
    void update(
      resource,
      { id: host.id, data: { hostName: value }, previousData: host },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setEditing(false);
          notify('resources.cdn/cloudHostList.renameSuccess', { type: 'success' });
        },
        onError: (e) => notifyError(e, 'resources.cdn/cloudHostList.renameError'),
      },
    );
  };
  if (!editing) {
    return (
      <Stack direction="row" alignItems="center" spacing={0.5} sx={{ whiteSpace: 'nowrap' }}>
        <Box component="span" data-testid="host-name">
          {host.hostName}
        </Box>
        {canOperate && (
          <Tooltip title={t('resources.cdn/cloudHostList.rename')}>
            <IconButton
              size="small"
              aria-label={t('resources.cdn/cloudHostList.rename')}
              onClick={(e) => {
                stop(e);
                setValue(host.hostName);
                setEditing(true);
              }}
            >
              <EditOutlinedIcon fontSize="inherit" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    );
  }
  return (
    <Stack direction="row" alignItems="flex-start" spacing={0.5} onClick={stop} sx={{ minWidth: 260 }}>
      <TextField
        size="small"
        autoFocus
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
          if (e.key === 'Escape') setEditing(false);
        }}
        error={Boolean(problem)}
        helperText={problem ? t(`resources.cdn/cloudHostList.nameRules.${problem}`) : `${[...value].length}/${HOST_NAME_MAX}`}
        inputProps={{ 'aria-label': t('resources.cdn/cloudHostList.fields.hostName') }}
      />
      <Button size="small" variant="contained" disabled={Boolean(problem) || isPending} onClick={save}>
        {t('resources.cdn/cloudHostList.save')}
      </Button>
      <Button size="small" onClick={() => setEditing(false)}>
        {t('resources.cdn/cloudHostList.cancel')}
      </Button>
    </Stack>
  );
}
