import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNotifyError } from '../../src/kit/errorText';
import type { PortalDataProvider } from '../../dataProviders';
import type { ippMethods } from '../../dataProviders/impapi/ipProtection';
import type { IppProofReply } from '../../common/wire/ipProtection';

/**
 * Proof that an origin IP is the account's (issue #35): the token to serve on the IP and its check.
 * Only needed for an IP that is not an origin of the account's domains or websites nor a host's IP.
 */
export function IppOwnershipProof() {
  const t = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>() as PortalDataProvider & typeof ippMethods;
  const notifyError = useNotifyError();
  const originIp = ((useWatch({ name: 'originIp' }) as string | undefined) ?? '').trim();
  const [proof, setProof] = useState<IppProofReply | null>(null);
  const run = async (call: typeof dataProvider.ippOwnershipChallenge) => {
    try {
      setProof(await call({ originIp }));
    } catch (e) {
      notifyError(e);
    }
  };
  const current = proof && proof.originIp === originIp ? proof : null;
  return (
    <Box sx={{ mb: 2, width: '100%' }} data-testid="ipp-ownership">
      <Typography variant="caption" color="text.secondary" component="p">
        {t('resources.ipP/ipset.ownership.intro')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ my: 1 }}>
        <Button size="small" variant="outlined" disabled={!originIp} onClick={() => void run(dataProvider.ippOwnershipChallenge)}>
          {t('resources.ipP/ipset.ownership.challenge')}
        </Button>
        <Button size="small" variant="outlined" disabled={!current} onClick={() => void run(dataProvider.ippOwnershipVerify)}>
          {t('resources.ipP/ipset.ownership.verify')}
        </Button>
      </Stack>
      {current?.verified ? (
        <Alert severity="success">{t('resources.ipP/ipset.ownership.verified', { ip: current.originIp })}</Alert>
      ) : current ? (
        <Alert severity="info">
          {t('resources.ipP/ipset.ownership.serve', { url: current.url, port: new URL(current.url).port || '80' })}
          <Box component="code" sx={{ display: 'block', mt: 0.5, wordBreak: 'break-all' }} data-testid="ipp-ownership-token">
            {current.token}
          </Box>
        </Alert>
      ) : null}
    </Box>
  );
}
