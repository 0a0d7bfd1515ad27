import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider } from 'react-admin';
import { PurgeForm } from '../../resources/purge/forms/PurgeForm';
import { TaskList } from '../../resources/purge/tasks/TaskList';
import { PortalApiError } from '../../dataProviders/http';
import type { PurgeQuota, PurgeTask } from '../../common/wire/purge';
import { authFor, renderWithAdmin } from './domainFixtures';

const quota = (kind: PurgeQuota['kind'], remaining = 9990, enabled = true): PurgeQuota => ({
  kind,
  limit: 10000,
  used: 10000 - remaining,
  remaining,
  enabled,
});

function renderForm(kind: 'url' | 'dir' | 'prefetch', opts: { operate?: boolean; enabled?: boolean; refuseBatch?: number } = {}) {
  let n = 0;
  const purgeSubmit = vi.fn(async (_k: string, urls: string) => {
    n += 1;
    if (n === opts.refuseBatch) throw new PortalApiError('Refresh the failure', '1', 200);
    return { taskId: n, count: urls.split('\n').length, repeated: [], quota: quota(kind, 9000) };
  });
  const purgeQuota = vi.fn(async () => quota(kind, 9990, opts.enabled ?? true));
  const dataProvider = { ...testDataProvider(), purgeSubmit, purgeQuota, purgeTaskUrls: vi.fn() };
  renderWithAdmin(<PurgeForm kind={kind} />, { dataProvider, authProvider: authFor(opts.operate ?? true) });
  return { purgeSubmit, purgeQuota };
}

afterEach(cleanup);

describe('purge form', () => {
  it('counts lines live, names bad lines and shows the quota before submitting', async () => {
    renderForm('url');
    expect(await screen.findByTestId('purge-quota')).toHaveTextContent('Today: 10 of 10,000 used, 9,990 remaining');
    const box = screen.getByRole('textbox', { name: 'URL purge' });
    fireEvent.change(box, { target: { value: 'https://a.example/1\n\nwww.a.example/2\nhttps://a.example/3' } });
    expect(screen.getByTestId('purge-counter')).toHaveTextContent('3 lines, 1 invalid');
    expect(screen.getByTestId('purge-bad-lines')).toHaveTextContent('Invalid lines: 3');
  });

  it('sends more than 100 lines in consecutive batches and stops at the first refused one', async () => {
    const { purgeSubmit } = renderForm('url', { refuseBatch: 2 });
    await screen.findByTestId('purge-quota');
    const text = Array.from({ length: 250 }, (_, i) => `https://a.example/${i}`).join('\n');
    fireEvent.change(screen.getByRole('textbox', { name: 'URL purge' }), { target: { value: text } });
    expect(screen.getByText('More than 100 lines: will be sent as 3 consecutive batches')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('purge-outcome')).toHaveTextContent('Sent 1 of 3 batches (100 URLs)');
    expect(screen.getByTestId('purge-refused')).toHaveTextContent('Refresh the failure');
    expect(purgeSubmit).toHaveBeenCalledTimes(2);
    expect(purgeSubmit.mock.calls[0][1].split('\n')).toHaveLength(100);
  });

  it('submits and says Push Success', async () => {
    const { purgeSubmit } = renderForm('prefetch');
    await screen.findByTestId('purge-quota');
    fireEvent.change(screen.getByRole('textbox', { name: 'Prefetch' }), { target: { value: 'https://a.example/big.zip' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Push Success')).toBeInTheDocument();
    expect(purgeSubmit).toHaveBeenCalledWith('prefetch', 'https://a.example/big.zip');
    expect(screen.getByTestId('purge-outcome')).toHaveTextContent('URLs submitted: 1.');
  });

  it('shows no submit without the operation right, and the maintenance text when directory purge is off', async () => {
    renderForm('url', { operate: false });
    expect(await screen.findByText('You may view tasks but not submit.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    cleanup();
    renderForm('dir', { enabled: false });
    expect(await screen.findByTestId('purge-maintenance')).toHaveTextContent(
      'Directory push is under maintenance, please contact operation and maintenance to purge',
    );
  });
});

const task = (over: Partial<PurgeTask>): PurgeTask => ({
  id: 1,
  kind: 'url',
  account: 'acme',
  submittedBy: 'acme',
  urlCount: 3,
  status: 'failed',
  createTime: '2026-11-24T10:00:00.000Z',
  finishTime: '2026-11-24T10:01:15.000Z',
  durationSeconds: 75,
  firstUrl: 'https://a.example/x.js',
  counts: { success: 0, failed: 1, processing: 0, verified: 2, waiting: 0, other: 0 },
  ...over,
});

describe('task centre', () => {
  it('lists tasks with progress and duration; a row opens every URL with lines and reason', async () => {
    const getList = vi.fn(async () => ({ data: [task({})], total: 1 }));
    const purgeTaskUrls = vi.fn(async () => ({
      total: 1,
      list: [
        {
          id: 9,
          taskId: 1,
          line: 2,
          url: 'https://a.example/y.js',
          status: 'failed',
          linesDone: 1,
          linesTotal: 4,
          reason: 'The domain was disabled',
          httpStatus: null,
          bytes: null,
          elapsedMs: null,
          updateTime: '',
        },
      ],
    }));
    const dataProvider = { ...testDataProvider({ getList: getList as never }), purgeTaskUrls, purgeSubmit: vi.fn(), purgeQuota: vi.fn() };
    renderWithAdmin(<TaskList prefetch={false} />, { dataProvider, authProvider: authFor(true) });
    expect(await screen.findByText('https://a.example/x.js')).toBeInTheDocument();
    expect(screen.getByText('Verified 2')).toBeInTheDocument();
    expect(screen.getByText('1m 15s')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-submit failed' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('https://a.example/x.js'));
    expect(await screen.findByText('The domain was disabled')).toBeInTheDocument();
    expect(screen.getByText('1 / 4')).toBeInTheDocument();
  });

  it("says 'No refresh task' when nothing matches", async () => {
    const dataProvider = { ...testDataProvider({ getList: (async () => ({ data: [], total: 0 })) as never }), purgeTaskUrls: vi.fn() };
    renderWithAdmin(<TaskList prefetch />, { dataProvider, authProvider: authFor(false) });
    await waitFor(() => expect(screen.getByTestId('purge-empty')).toHaveTextContent('No refresh task'));
  });
});
