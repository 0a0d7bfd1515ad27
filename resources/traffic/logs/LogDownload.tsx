import { Alert, Box, Button, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import type { LogSearchQuery } from '../../../dataProviders/api/traffic';
import { formatCount } from '../../../src/lib/units';
import { useLogDownload, type DownloadStep } from './useLogDownload';
import { ProgressBar } from '../../../src/kit/Progress';

const PROGRESS: Record<DownloadStep, number> = { idle: 0, preparing: 30, checking: 75, started: 100, failed: 100 };

/** Download of the searched range (gzip CSV) with the step it is at and the spec's error texts. */
export function LogDownload({
  query,
  total,
  maxRows,
  onOpen,
}: {
  query: LogSearchQuery | null;
  total: number;
  maxRows: number;
  onOpen?: (address: string) => void;
}) {
  const translate = useTranslate();
  const { step, error, start, busy, reset } = useLogDownload(onOpen);
  const tooMany = total > maxRows;
  return (
    <Box sx={{ minWidth: 280 }} data-testid="log-download">
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={!query || total === 0 || busy || tooMany}
        onClick={() => query && void start(query)}
        data-testid="log-download-button"
      >
        {translate('pages.cdn/newlog.download.button', { count: formatCount(total) })}
      </Button>
      {tooMany && (
        <Typography variant="caption" color="text.secondary" component="p">
          {translate('pages.cdn/newlog.download.tooMany', { max: formatCount(maxRows) })}
        </Typography>
      )}
      {step !== 'idle' && (
        <Box sx={{ mt: 1 }} role="status" data-testid="log-download-status">
          {step !== 'failed' && <ProgressBar variant={busy ? 'indeterminate' : 'determinate'} value={PROGRESS[step]} sx={{ mb: 0.5 }} />}
          {step === 'failed' ? (
            <Alert severity="error" onClose={reset} data-testid="log-download-error">
              {error}
            </Alert>
          ) : (
            <Typography variant="body2" color={step === 'started' ? 'success.main' : 'text.secondary'}>
              {translate(`pages.cdn/newlog.download.steps.${step}`)}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
