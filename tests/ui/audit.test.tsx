import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type DataProvider } from 'react-admin';
import { AuditList, auditCsv } from '../../resources/audit/AuditList';
import { fieldChanges } from '../../resources/audit/auditDiff';
import type { AuditEntry } from '../../common/wire/audit';
const http = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn(), callEnvelope: vi.fn() }));
vi.mock('../../dataProviders/http', async (orig) => ({ ...(await orig<typeof import('../../dataProviders/http')>()), ...http }));
import { auditModule } from '../../dataProviders/api/audit';
import { renderInAdmin, authFor } from './harness';

configure({ asyncUtilTimeout: 8000 });

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  time: '2026-11-25T08:00:00.000Z',
  username: 'acme',
  account: 'acme',
  ip: '203.0.113.9',
  method: 'POST',
  route: '/api/certificate/rename',
  module: 'certificate',
  objectType: 'certificate',
  objectId: '12',
  objectName: 'shop-cert',
  httpStatus: 200,
  code: '0',
  message: 'rename successful',
  before: { name: 'old-cert', share: false },
  after: { name: 'shop-cert', share: false },
  ...over,
});

function renderList(dataProvider: DataProvider, locale: 'en' | 'zh' = 'en') {
  return renderInAdmin(<AuditList />, { dataProvider, locale, authProvider: authFor(false), resource: 'page/audit', notifications: false });
}

beforeEach(() => http.post.mockReset());

describe('audit provider', () => {
  it('searches through POST /api/audit/search with paging, sort and every filter', async () => {
    http.post.mockResolvedValueOnce({ list: [entry()], total: 41 });
    const r = await auditModule.resources!['page/audit'].getList!('page/audit', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'username', order: 'ASC' },
      filter: {
        username: ' acme ',
        objectType: 'domain',
        route: '/api/domain',
        object: 'shop',
        outcome: 'failed',
        startTime: '2026-11-25T00:00:00.000Z',
        endTime: '',
      },
    });
    expect(r).toMatchObject({ total: 41, data: [{ id: 1 }] });
    expect(http.post).toHaveBeenCalledWith('/api/audit/search', {
      pageNum: 3,
      pageSize: 20,
      sort: 'username',
      order: 'ASC',
      username: 'acme',
      objectType: 'domain',
      object: 'shop',
      route: '/api/domain',
      outcome: 'failed',
      startTime: 1795564800,
      endTime: undefined,
    });
    http.post.mockResolvedValueOnce({ list: [], total: 0 });
    await auditModule.resources!['page/audit'].getList!('page/audit', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'ip', order: 'ASC' },
      filter: {},
    });
    expect(http.post.mock.calls[1][1]).toMatchObject({ sort: 'time', order: 'ASC' });
  });
});

describe('before/after', () => {
  it('lists changed fields only, nested as paths; creations and deletions list every field', () => {
    expect(
      fieldChanges(
        { name: 'a', origins: [{ host: 'x' }], advanced: { gzip: true } },
        { name: 'b', origins: [{ host: 'x' }], advanced: { gzip: false } },
      ),
    ).toEqual([
      { field: 'name', before: 'a', after: 'b' },
      { field: 'advanced.gzip', before: 'true', after: 'false' },
    ]);
    expect(fieldChanges(null, { name: 'n' })).toEqual([{ field: 'name', before: '', after: 'n' }]);
    expect(fieldChanges(null, null)).toEqual([]);
  });
});

describe('audit list', () => {
  const provider = () =>
    testDataProvider({
      getList: vi.fn(async () => ({
        data: [
          entry(),
          entry({
            id: 2,
            username: 'acme_viewer',
            code: '403',
            message: 'No permission',
            before: null,
            after: null,
            route: '/api/domain/delete',
            objectType: 'domain',
            objectId: '5',
            objectName: 'www.acme-media.example',
          }),
        ],
        total: 2,
      })) as DataProvider['getList'],
    });

  it('shows who, the call, the object and the outcome; expanding a row shows the changed fields', { timeout: 60_000 }, async () => {
    const dp = provider();
    renderList(dp);
    // The first render of the file loads the list's lazy parts: allow a slow machine.
    expect(await screen.findByText('shop-cert #12', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    expect(screen.getByText('Succeeded')).toBeInTheDocument();
    expect(screen.getByText('Failed (403)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(dp.getList).toHaveBeenCalledWith(
      'page/audit',
      expect.objectContaining({ sort: { field: 'time', order: 'DESC' }, pagination: { page: 1, perPage: 20 } }),
    );
    await userEvent.click(screen.getByText('shop-cert #12'));
    const changes = await screen.findByTestId('audit-changes');
    const rows = within(changes).getAllByTestId('audit-change');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('nameold-certshop-cert');
  });

  it('speaks Chinese', async () => {
    renderList(provider(), 'zh');
    expect(await screen.findByRole('heading', { name: '审计日志' })).toBeInTheDocument();
    expect(await screen.findByText('成功')).toBeInTheDocument();
    expect(screen.getAllByText('证书').length).toBeGreaterThan(0);
  });

  it('exports CSV with translated headers and the changes', () => {
    const t = (k: string) => (k === 'resources.page/audit.fields.username' ? 'User' : k);
    const csv = auditCsv([entry({ message: 'a, "quoted" text' })], t as never);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('User');
    expect(csv).toContain('"a, ""quoted"" text"');
    expect(csv).toContain('name: old-cert → shop-cert');
  });
});
