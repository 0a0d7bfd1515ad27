import { useMemo, useState } from 'react';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { Link, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useCanOperate } from '../../../src/auth/useCanOperate';
import { useErrorText } from '../../../src/kit/errorText';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';
import type { PortalDataProvider } from '../../../dataProviders';
import { PortalApiError } from '../../../dataProviders/http';
import type { PurgeLineError, PurgeQuota } from '../../../common/wire/purge';
import { batches, MAX_URLS_PER_SUBMISSION, parseSubmission, type PurgeKind } from '../../../common/rules/purge';
import { ProgressBar } from '../../../src/kit/Progress';

const TITLES: Record<PurgeKind, string> = {
  url: 'pages.cdn/newurlPush.title',
  dir: 'pages.cdn/newdirPush.title',
  prefetch: 'pages.cdn/prefetch.title',
};

interface Progress {
  sent: number;
  total: number;
  urls: number;
}

/**
 * URL purge, directory purge and prefetch (/cdn/newurlPush, /cdn/newdirPush, /cdn/prefetch): one URL
 * per line with a live counter and the numbers of bad lines, today's quota before submitting, and
 * pastes over 100 lines sent as consecutive batches that stop at the first refused one.
 */
export function PurgeForm({ kind }: { kind: PurgeKind }) {
  const t = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const module = kind === 'prefetch' ? 'prefetch' : 'purge';
  const canOperate = useCanOperate(module);
  const [text, setText] = useState('');
  const errorText = useErrorText();
  const quotaQuery = usePortalQuery(['purgeQuota', kind], (dp) => dp.purgeQuota(kind));
  // the quota of the last reply, until the next reading
  const [replied, setQuota] = useState<PurgeQuota | undefined>();
  const quota = replied ?? (quotaQuery.failure ? undefined : quotaQuery.data);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [busy, setBusy] = useState(false);
  const progressText = progress ? t('pages.cdn/newurlPush.progress', { sent: progress.sent, total: progress.total }) : undefined;
  const [refused, setRefused] = useState<{ msg: string; lines: PurgeLineError[] } | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const parsed = useMemo(() => parseSubmission(text, kind), [text, kind]);
  const count = parsed.entries.length;

  const taskPath = kind === 'prefetch' ? '/cdn/prefetchTask' : '/cdn/newsearchTask';
  const overQuota = quota !== undefined && count > quota.remaining;
  const batchList = batches(parsed.entries, MAX_URLS_PER_SUBMISSION);

  const submit = async () => {
    setRefused(null);
    setOutcome(null);
    if (!count) return notify('pages.cdn/newurlPush.empty', { type: 'warning' });
    if (parsed.bad.length) {
      // A prefetch refusal never says 'Refresh' (issue #35).
      const invalid = kind === 'prefetch' ? 'pages.cdn/newurlPush.prefetchUrlInvalid' : 'pages.cdn/newurlPush.urlInvalid';
      setRefused({
        msg: t(invalid),
        lines: parsed.bad.map((b) => ({ line: b.line, url: b.url, reason: t(`pages.cdn/newurlPush.problem.${b.problem ?? 'format'}`) })),
      });
      return notify(invalid, { type: 'error' });
    }
    setBusy(true);
    setQuota(undefined);
    const state: Progress = { sent: 0, total: batchList.length, urls: 0 };
    const repeated: number[] = [];
    setProgress(state);
    try {
      for (const batch of batchList) {
        try {
          const reply = await dataProvider.purgeSubmit(kind, batch.map((e) => e.url).join('\n'));
          state.sent += 1;
          state.urls += reply.count;
          // Lines purged less than a minute ago were left out by the server (numbers refer to the batch).
          repeated.push(...reply.repeated.map((n: number) => batch[n - 1]?.line ?? n));
          setProgress({ ...state });
          setQuota(reply.quota);
        } catch (e) {
          // Line numbers of a refused batch refer to the batch: map them back to the pasted text.
          const data = e instanceof PortalApiError ? (e.data as { lines?: PurgeLineError[] } | null) : null;
          const lines = (data?.lines ?? []).map((l) => ({ ...l, line: batch[l.line - 1]?.line ?? l.line }));
          // the server's message (spec §8), else 'An unknown error'
          const msg = errorText(e, 'pages.cdn/newurlPush.unknownError', { serverOnly: true });
          setRefused({ msg, lines });
          notify(msg, { type: 'error' });
          if (state.sent) setOutcome(t('pages.cdn/newurlPush.partial', { sent: state.sent, total: state.total, urls: state.urls }));
          return;
        }
      }
      notify('pages.cdn/newurlPush.pushSuccess', { type: 'success' });
      setOutcome(
        [
          t('pages.cdn/newurlPush.done', { urls: state.urls }),
          repeated.length ? t('pages.cdn/newurlPush.repeated', { lines: repeated.join(', ') }) : '',
        ]
          .join(' ')
          .trim(),
      );
      setText('');
    } finally {
      setBusy(false);
      quotaQuery.refetch();
    }
  };

  const disabled = quota?.enabled === false;
  return (
    <Box sx={{ p: 2, maxWidth: 980 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t(TITLES[kind])}
      </Typography>
      {disabled ? (
        <Alert severity="warning" data-testid="purge-maintenance">
          {t('pages.cdn/newurlPush.dirMaintenance')}
        </Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t(`pages.cdn/newurlPush.hint.${kind}`)}
          </Typography>
          {quota && (
            <Typography variant="body2" sx={{ mb: 1 }} data-testid="purge-quota">
              {t('pages.cdn/newurlPush.quota', {
                used: quota.used.toLocaleString(),
                limit: quota.limit.toLocaleString(),
                remaining: quota.remaining.toLocaleString(),
              })}
            </Typography>
          )}
          {canOperate ? (
            <>
              <TextField
                multiline
                minRows={8}
                maxRows={20}
                fullWidth
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={t(`pages.cdn/newurlPush.placeholder.${kind}`)}
                inputProps={{ 'aria-label': t(TITLES[kind]), spellCheck: false }}
              />
              <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 1 }}>
                <Typography variant="body2" data-testid="purge-counter" color={parsed.bad.length || overQuota ? 'error' : 'text.secondary'}>
                  {t('pages.cdn/newurlPush.counter', { count, bad: parsed.bad.length })}
                </Typography>
                {count > MAX_URLS_PER_SUBMISSION && (
                  <Typography variant="body2" color="warning.main">
                    {t('pages.cdn/newurlPush.batches', { batches: batchList.length })}
                  </Typography>
                )}
                {overQuota && (
                  <Typography variant="body2" color="error">
                    {t('pages.cdn/newurlPush.overQuota', { remaining: quota?.remaining ?? 0 })}
                  </Typography>
                )}
              </Stack>
              {parsed.bad.length > 0 && (
                <Typography variant="body2" color="error" sx={{ mt: 1 }} data-testid="purge-bad-lines">
                  {t('pages.cdn/newurlPush.badLines', {
                    lines: parsed.bad
                      .slice(0, 50)
                      .map((b) => b.line)
                      .join(', '),
                  })}
                </Typography>
              )}
              <Stack direction="row" spacing={2} sx={{ mt: 2 }} alignItems="center">
                <Button variant="contained" onClick={() => void submit()} disabled={busy || !count || overQuota}>
                  {t('pages.cdn/newurlPush.submit')}
                </Button>
                <Button component={Link} to={taskPath}>
                  {t('pages.cdn/newurlPush.toTasks')}
                </Button>
              </Stack>
            </>
          ) : (
            <Alert severity="info">{t('pages.cdn/newurlPush.noRight')}</Alert>
          )}
          {progress && progress.total > 1 && (
            <Box sx={{ mt: 2 }} data-testid="purge-progress">
              <ProgressBar label={progressText} variant="determinate" value={(progress.sent / progress.total) * 100} />
              <Typography variant="caption">{progressText}</Typography>
            </Box>
          )}
          {outcome && (
            <Alert severity="success" sx={{ mt: 2 }} data-testid="purge-outcome">
              {outcome}
            </Alert>
          )}
          {refused && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="purge-refused">
              <div>{refused.msg}</div>
              {refused.lines.slice(0, 50).map((l) => (
                <div key={`${l.line}-${l.url}`}>{t('pages.cdn/newurlPush.lineError', { line: l.line, url: l.url, reason: l.reason })}</div>
              ))}
            </Alert>
          )}
        </Paper>
      )}
    </Box>
  );
}

export const UrlPurgePage = () => <PurgeForm kind="url" />;
export const DirPurgePage = () => <PurgeForm kind="dir" />;
export const PrefetchPage = () => <PurgeForm kind="prefetch" />;
