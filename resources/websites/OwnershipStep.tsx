import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import type { OwnershipChallenge, OwnershipMethod } from '../../common/wire/websites';
import { validateWebsiteDomain } from '../../common/rules/websites/index';
import { useSettled } from '../../src/kit/useSettled';
import { useErrorText } from '../../src/kit/errorText';

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/**
 * The create form's ownership step (issue #35): a name is protected only by its owner. 'Check
 * ownership' asks the server (ownership/challenge): an accelerated domain of the caller's tree or a
 * proven name may be protected at once; else the step shows the token, the TXT record and the file
 * address to publish, and verifies by DNS or by file. What it shows belongs to the name it was asked
 * for, so changing the name starts over.
 */
export function OwnershipStep() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const errorText = useErrorText();
  const domain = useSettled(((useWatch({ name: 'domain' }) as string | undefined) ?? '').trim().toLowerCase(), 300);
  const [answer, setAnswer] = useState<{ domain: string; challenge?: OwnershipChallenge; error?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (validateWebsiteDomain(domain)) return null;
  const current = answer?.domain === domain ? answer : null;
  const ask = async (call: () => Promise<OwnershipChallenge>) => {
    setBusy(true);
    try {
      setAnswer({ domain, challenge: await call() });
    } catch (e) {
      setAnswer({ domain, challenge: current?.challenge, error: errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  const verify = (method: OwnershipMethod) => ask(() => dataProvider.websiteOwnershipVerify(domain, method));
  const challenge = current?.challenge;
  const t = (key: string, args?: Record<string, unknown>) => translate(`resources.dcdn/website.ownership.${key}`, args);
  return (
    <Box sx={{ mb: 2 }} data-testid="ownership-step">
      <Typography variant="subtitle2">{t('title')}</Typography>
      {!challenge && (
        <Stack direction="row" spacing={2} alignItems="center">
          <Typography variant="body2" color="text.secondary">
            {t('intro')}
          </Typography>
          <Button
            size="small"
            disabled={busy}
            data-testid="ownership-check"
            onClick={() => void ask(() => dataProvider.websiteOwnershipChallenge(domain))}
          >
            {t('check')}
          </Button>
        </Stack>
      )}
      {challenge?.owned && (
        <Alert severity="success" data-testid="ownership-owned">
          {t('owned', { domain: challenge.domain })}
        </Alert>
      )}
      {challenge && !challenge.owned && (
        <Box data-testid="ownership-publish">
          <Typography variant="body2">{t('publish', { domain: challenge.domain })}</Typography>
          {(
            [
              [
                'dns',
                [
                  ['dnsName', challenge.dnsName, 'ownership-dns-name'],
                  ['dnsValue', challenge.token, 'ownership-token'],
                ],
              ],
              ['file', [['fileUrl', challenge.fileUrl, 'ownership-file-url']]],
            ] as const
          ).map(([way, rows]) => (
            <Box key={way} sx={{ mt: 1 }}>
              <Typography variant="body2">{t(way)}</Typography>
              {rows.map(([label, value, testId]) => (
                <Typography key={label} variant="body2">
                  {t(label)}:{' '}
                  <Box component="span" sx={mono} data-testid={testId}>
                    {value}
                  </Box>
                </Typography>
              ))}
            </Box>
          ))}
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button size="small" variant="outlined" disabled={busy} data-testid="ownership-verify-dns" onClick={() => void verify('dns')}>
              {t('verifyDns')}
            </Button>
            <Button size="small" variant="outlined" disabled={busy} data-testid="ownership-verify-file" onClick={() => void verify('file')}>
              {t('verifyFile')}
            </Button>
          </Stack>
        </Box>
      )}
      {current?.error && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="ownership-error">
          {current.error}
        </Alert>
      )}
    </Box>
  );
}
