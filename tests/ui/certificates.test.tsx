import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Resource, testDataProvider, type DataProvider } from 'react-admin';
import { CertificateList } from '../../resources/certificates/CertificateList';
import { CertificateCreate } from '../../resources/certificates/CertificateCreate';
import { editTransform, validateEdit } from '../../resources/certificates/CertificateEdit';
import {
  accountChoices,
  certificatePemError,
  expiryOf,
  nameCovers,
  privateKeyPemError,
  shareError,
} from '../../resources/certificates/rules';
import { certificateSearchBody, pageOf } from '../../dataProviders/api/certificates';
import type { Certificate, CertificateDeletionStatus } from '../../common/wire/certificates';
import { resourceRenderer, signInUser } from './harness';

vi.mock('../../dataProviders/api/shell', () => ({
  sessionApi: { autoLogin: vi.fn(async () => null), login: vi.fn(), logout: vi.fn() },
}));

const RESOURCE = 'page/certificateUpload';
const OPERATE = ['portal:certificate:operation:*'];
const VIEW = ['portal:certificate:view:*'];
const DAY = 86_400_000;
const CERT_PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ\n-----END CERTIFICATE-----\n';
const KEY_PEM = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49\n-----END PRIVATE KEY-----\n';

function signedIn(perms = OPERATE) {
  signInUser({ accountChild: [{ account: 'acme_video', accountName: 'Acme Video', accountChild: [] }], permissionList: perms });
}

function cert(id: number, name: string, expireInDays: number, extra: Partial<Certificate> = {}): Certificate {
  const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();
  return {
    id,
    name,
    account: 'acme',
    username: 'acme',
    commonName: `${name.toLowerCase().replace(/\s+/g, '')}.example.com`,
    dnsNames: [`${name.toLowerCase().replace(/\s+/g, '')}.example.com`],
    brand: 'Demo Trust',
    issuerOrganization: 'Demo Trust',
    issuerDepartment: '',
    issuerCountry: 'US',
    issuerCommonName: 'Demo CA',
    serial: 'AB12',
    signatureAlgorithm: 'SHA256withECDSA',
    keyAlgorithm: 'ECDSA P-256',
    awardedTime: iso(-10),
    expireTime: iso(expireInDays),
    createTime: iso(-9),
    updateTime: iso(-9),
    share: false,
    shareAccounts: [],
    bindDomains: [],
    configuredDomains: [],
    logicDelete: 0,
    deleteLog: '',
    owned: true,
    ...extra,
  };
}

function provider(rows: Certificate[], extra: Record<string, unknown> = {}) {
  const dp = {
    getList: vi.fn(async () => ({ data: rows, total: rows.length })),
    create: vi.fn(async (_r: string, p: { data: Record<string, unknown> }) => ({
      data: { ...cert(99, String(p.data.name), 200), ...p.data },
    })),
    ...extra,
  };
  return { dp, dataProvider: testDataProvider(dp as unknown as Partial<DataProvider>) };
}

const renderAt = resourceRenderer(<Resource name={RESOURCE} list={CertificateList} create={CertificateCreate} />, 'certificate');

beforeEach(() => {
  sessionStorage.clear();
  vi.clearAllMocks();
});

describe('certificate rules (pure)', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  it('classifies expiry: warning within 30 days, error once expired', () => {
    expect(expiryOf('2026-09-01T00:00:00Z', now)).toEqual({ state: 'valid', days: 92 });
    expect(expiryOf('2026-07-01T00:00:00Z', now)).toEqual({ state: 'expiring', days: 30 });
    expect(expiryOf('2026-06-11T12:00:00Z', now)).toEqual({ state: 'expiring', days: 10 });
    expect(expiryOf('2026-05-30T00:00:00Z', now)).toEqual({ state: 'expired', days: -2 });
  });

  it('mirrors the server checks: PEM markers, unencrypted key, sharing needs an account', () => {
    expect(certificatePemError('')).toMatch(/validation\.required/);
    expect(certificatePemError('hello')).toMatch(/validation\.format/);
    expect(certificatePemError(`${CERT_PEM}trailing text`)).toMatch(/validation\.format/);
    expect(certificatePemError(CERT_PEM + CERT_PEM)).toBeUndefined();
    expect(privateKeyPemError(KEY_PEM)).toBeUndefined();
    expect(privateKeyPemError('-----BEGIN RSA PRIVATE KEY-----\nabc\n-----END RSA PRIVATE KEY-----')).toBeUndefined();
    expect(privateKeyPemError('-----BEGIN ENCRYPTED PRIVATE KEY-----\nabc\n-----END ENCRYPTED PRIVATE KEY-----')).toMatch(/encryptedKey/);
    expect(privateKeyPemError(CERT_PEM)).toMatch(/validation\.format/);
    expect(shareError(true, [])).toMatch(/shareAccount/);
    expect(shareError(true, ['acme_video'])).toBeUndefined();
    expect(shareError(false, [])).toBeUndefined();
  });

  it('matches wildcards one label deep', () => {
    expect(nameCovers('*.acme.com', 'www.acme.com')).toBe(true);
    expect(nameCovers('*.acme.com', 'acme.com')).toBe(false);
    expect(nameCovers('*.acme.com', 'a.b.acme.com')).toBe(false);
    expect(nameCovers('WWW.acme.com', 'www.ACME.com.')).toBe(true);
  });

  it('turns the account tree into choices and list params into the search body', () => {
    signedIn();
    const info = JSON.parse(sessionStorage.getItem('userinfo')!);
    expect(accountChoices(info.treeData).map((c) => c.id)).toEqual(['acme', 'acme_video']);
    expect(certificateSearchBody({ filter: {}, pagination: { page: 1, perPage: 10 } })).toBeNull();
    expect(
      certificateSearchBody({
        filter: { domain: ' www.a.com ', expiry: 'expiring' },
        pagination: { page: 2, perPage: 20 },
        sort: { field: 'name', order: 'ASC' },
      }),
    ).toEqual({ name: undefined, domain: 'www.a.com', expiry: 'expiring', pageNum: 2, pageSize: 20, sortField: 'name', sortOrder: 'ASC' });
    const rows = [cert(1, 'b', 10), cert(2, 'a', 20), cert(3, 'c', 5)];
    expect(pageOf(rows, { sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: 2 } })).toMatchObject({
      total: 3,
      data: [{ name: 'a' }, { name: 'b' }],
    });
  });
});

describe('certificate list', () => {
  it('shows expiry in the warning colour within 30 days and the error colour once expired', async () => {
    signedIn();
    const { dataProvider } = provider([cert(1, 'Valid one', 200), cert(2, 'Soon one', 12), cert(3, 'Old one', -3)]);
    renderAt(`/${RESOURCE}`, dataProvider);
    const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
    const expiry = async (name: string) => within(await rowOf(name)).getByTestId('certificate-expiry');
    expect((await expiry('Valid one')).dataset.state).toBe('valid');
    const soon = await expiry('Soon one');
    expect(soon.dataset.state).toBe('expiring');
    expect(within(soon).getByText(/Expiring soon · 1[12] days left/)).toHaveStyle({ color: 'rgb(237, 108, 2)' });
    const old = await expiry('Old one');
    expect(old.dataset.state).toBe('expired');
    expect(within(old).getByText(/Expired · 3 days ago/)).toHaveStyle({ color: 'rgb(211, 47, 47)' });
  });

  it('offers write actions only with the operation right', async () => {
    signedIn(VIEW);
    const { dataProvider } = provider([cert(1, 'Valid one', 200)]);
    renderAt(`/${RESOURCE}`, dataProvider);
    const row = (await screen.findByText('Valid one')).closest('tr')!;
    expect(within(row).getByTestId('certificate-download')).toBeInTheDocument();
    for (const id of ['certificate-edit', 'certificate-bind', 'certificate-delete']) expect(within(row).queryByTestId(id)).toBeNull();
    expect(screen.queryByTestId('certificate-upload')).toBeNull();
  });

  it('polls a deleting certificate until it is removed, then reloads the list', async () => {
    signedIn();
    let rows = [cert(1, 'Going', 200, { logicDelete: 2 })];
    const status = vi.fn(async (): Promise<CertificateDeletionStatus> => ({ operationStatus: 0, log: 'Deletion requested' }));
    const { dp, dataProvider } = provider(rows, {
      getList: vi.fn(async () => ({ data: rows, total: rows.length })),
      certificateDeletionStatus: status,
    });
    renderAt(`/${RESOURCE}`, dataProvider);
    expect(await screen.findByTestId('status-deleting')).toHaveTextContent('Deleting…');
    await waitFor(() => expect(status).toHaveBeenCalledWith(1), { timeout: 4000 });
    rows = [];
    status.mockResolvedValue({ operationStatus: 1, log: 'The certificate was deleted' });
    await waitFor(() => expect(screen.queryByText('Going')).toBeNull(), { timeout: 5000 });
    expect(await screen.findByText('Certificate Going was deleted')).toBeInTheDocument();
    expect(dp.getList.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('shows a failed deletion with its log and the clear action', async () => {
    signedIn();
    const { dataProvider } = provider([cert(1, 'Stuck', 200, { logicDelete: 3, deleteLog: 'Deletion failed: used by www.a.com' })]);
    renderAt(`/${RESOURCE}`, dataProvider);
    expect(await screen.findByTestId('status-failed')).toHaveTextContent('Deletion failed');
    expect(screen.getByText('Deletion failed: used by www.a.com')).toBeInTheDocument();
    expect(await screen.findByTestId('certificate-clear')).toBeInTheDocument();
    expect(screen.queryByTestId('certificate-delete')).toBeNull();
  });
});

describe('edit form (rename, share, renew)', () => {
  it('needs both renewal fields or neither, and turns them into certificate/privateKey', () => {
    expect(validateEdit({ name: 'x', share: false })).toEqual({});
    expect(validateEdit({ name: '', share: true, shareAccounts: [] })).toMatchObject({
      name: expect.stringMatching(/required/),
      shareAccounts: expect.stringMatching(/shareAccount/),
    });
    expect(validateEdit({ name: 'x', renewCertificate: CERT_PEM })).toEqual({ renewPrivateKey: expect.stringMatching(/renewBoth/) });
    expect(validateEdit({ name: 'x', renewCertificate: 'junk', renewPrivateKey: KEY_PEM })).toEqual({
      renewCertificate: expect.stringMatching(/format/),
    });
    const current = { ...cert(1, 'Site', 100), certificate: 'CURRENT CHAIN' };
    expect(editTransform({ ...current, renewCertificate: '', renewPrivateKey: ' ' })).toMatchObject({
      certificate: undefined,
      privateKey: undefined,
    });
    expect(editTransform({ ...current, renewCertificate: CERT_PEM, renewPrivateKey: KEY_PEM })).toMatchObject({
      certificate: CERT_PEM,
      privateKey: KEY_PEM,
    });
  });
});

describe('upload form', () => {
  it('checks name, PEM markers and sharing before sending anything', async () => {
    signedIn();
    // MUI's switch input is transparent to the pointer; its label takes the click.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { dp, dataProvider } = provider([]);
    const { container } = renderAt(`/${RESOURCE}/create`, dataProvider);
    await screen.findByText('Private key (PEM)');
    // Save stays disabled on a pristine form (react-admin); one change enables it.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(container.querySelector('textarea[name="certificate"]')!, 'not a certificate');
    await user.click(screen.getByLabelText('Share with accounts'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Cannot be empty')).toHaveLength(2);
    expect(screen.getByText('Format error')).toBeInTheDocument();
    expect(screen.getByText('When sharing, choose at least one account')).toBeInTheDocument();
    await user.type(container.querySelector('input[name="name"]')!, 'My site');
    await user.clear(container.querySelector('textarea[name="certificate"]')!);
    // Long texts are pasted, as a user would (typing them key by key takes most of the test's time).
    await user.click(container.querySelector('textarea[name="certificate"]')!);
    await user.paste(CERT_PEM.replace(/\n/g, ' '));
    await user.click(container.querySelector('textarea[name="privateKey"]')!);
    await user.paste('-----BEGIN ENCRYPTED PRIVATE KEY----- abc -----END ENCRYPTED PRIVATE KEY-----');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passphrase-protected keys are not supported; use the unencrypted PEM key')).toBeInTheDocument();
    expect(screen.queryByText('Format error')).toBeNull();
    expect(dp.create).not.toHaveBeenCalled();
  });

  it('reads the chain from a chosen file and uploads with "upload successful"', async () => {
    signedIn();
    const user = userEvent.setup();
    const { dp, dataProvider } = provider([]);
    const { container } = renderAt(`/${RESOURCE}/create`, dataProvider);
    await screen.findByRole('button', { name: 'Save' });
    await user.type(container.querySelector('input[name="name"]')!, 'My site');
    await user.upload(
      screen.getByTestId('certificate-file'),
      new File([CERT_PEM + CERT_PEM], 'chain.pem', { type: 'application/x-pem-file' }),
    );
    await waitFor(() =>
      expect((container.querySelector('textarea[name="certificate"]') as HTMLTextAreaElement).value).toContain('BEGIN CERTIFICATE'),
    );
    expect(screen.getByText('2 certificates in the chain')).toBeInTheDocument();
    await user.upload(screen.getByTestId('privateKey-file'), new File([KEY_PEM], 'site.key'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dp.create).toHaveBeenCalledTimes(1));
    expect(dp.create.mock.calls[0][1].data).toMatchObject({
      name: 'My site',
      certificate: CERT_PEM + CERT_PEM,
      privateKey: KEY_PEM,
      share: false,
      account: 'acme',
    });
    expect(await screen.findByText('upload successful')).toBeInTheDocument();
  });

  it('speaks Chinese by default', async () => {
    signedIn();
    const { dataProvider } = provider([]);
    renderAt(`/${RESOURCE}/create`, dataProvider, 'zh');
    expect(await screen.findByText('上传证书')).toBeInTheDocument();
    expect(await screen.findByText('证书（PEM）')).toBeInTheDocument();
    expect(screen.getAllByText('选择文件')).toHaveLength(2);
  });
});
