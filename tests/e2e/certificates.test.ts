import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, shot, signInAs, switchLanguage } from './browser';
import { daysFromNow, issueCaChain, issueCertificate, type IssuedCertificate } from '../../server/demo/certificateFactory';

/**
 * Certificates in Chromium as acme: the list with expiry colours, an upload of a freshly generated
 * certificate (chain through the file picker, key pasted), its details, a batch binding to a demo
 * domain, and the deletion of an unbound certificate watched from 'deleting' until it is gone.
 */
let browser: Browser;
let page: Page;
let dir: string;
let bindable: IssuedCertificate & { chainPem: string };
let disposable: IssuedCertificate & { chainPem: string };

const row = (name: string) => page.getByRole('row').filter({ has: page.getByTestId('certificate-name').getByText(name, { exact: true }) });

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cert-e2e-'));
  const { intermediate } = await issueCaChain('E2E Trust');
  const make = async (names: string[]) => {
    const c = await issueCertificate({
      commonName: names[0],
      dnsNames: names,
      issuer: intermediate,
      notBefore: daysFromNow(-1),
      notAfter: daysFromNow(400),
    });
    return { ...c, chainPem: c.certPem + intermediate.certPem };
  };
  bindable = await make(['cdn.acme-media.example', 'img.acme-media.example']);
  disposable = await make(['disposable.acme-media.example']);
  await fs.writeFile(path.join(dir, 'cdn-chain.pem'), bindable.chainPem);
  browser = await launch();
  page = await newPage(browser);
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await signInAs(page, 'acme', 'Acme@2026');
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await shot(page, `debug-${ctx.task.name.slice(0, 20).replace(/\W+/g, '-')}`);
});
afterAll(async () => {
  await browser?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** Fills a field and checks it kept the value (a lazily loaded form may mount twice while loading). */
async function fillStable(selector: string, value: string) {
  const field = page.locator(selector);
  for (let i = 0; i < 10; i++) {
    await field.fill(value);
    await page.waitForTimeout(150);
    if ((await field.inputValue()) === value) return;
  }
  throw new Error(`${selector} does not keep its value`);
}

async function openCreate() {
  await page.getByTestId('certificate-upload').click();
  await page.waitForURL(/certificateUpload\/create/);
  await page.getByRole('button', { name: /Save|保存/ }).waitFor();
}

async function openList() {
  await page.goto('/page/certificateUpload');
  await row('Acme Media wildcard').waitFor({ timeout: 20_000 });
}

async function upload(name: string, cert: IssuedCertificate & { chainPem: string }, viaFile: boolean) {
  await openCreate();
  await fillStable('input[name="name"]', name);
  if (viaFile) {
    await page.getByTestId('certificate-file').setInputFiles(path.join(dir, 'cdn-chain.pem'));
    await page.getByText('2 certificates in the chain').waitFor();
  } else {
    await fillStable('textarea[name="certificate"]', cert.chainPem);
  }
  await fillStable('textarea[name="privateKey"]', cert.keyPem);
  await page.getByRole('button', { name: /Save|保存/ }).click();
}

describe('certificates as acme', () => {
  it('lists certificates with the expiry colours, in both languages', async () => {
    await openList();
    const soon = row('Acme static assets').getByTestId('certificate-expiry');
    await expect(soon.getAttribute('data-state')).resolves.toBe('expiring');
    await expect(row('Acme Media wildcard').getByTestId('certificate-expiry').getAttribute('data-state')).resolves.toBe('valid');
    await shot(page, 'certificates-list-zh');
    await switchLanguage(page, 'English');
    await page.getByText('Expiring soon').first().waitFor();
    await shot(page, 'certificates-list-en');
  });

  it('checks the form in the browser, then uploads a generated certificate', async () => {
    await openCreate();
    await fillStable('input[name="name"]', 'E2E cdn certificate');
    await fillStable('textarea[name="certificate"]', 'this is not PEM');
    await fillStable('textarea[name="privateKey"]', bindable.keyPem);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Format error').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'certificates-upload-invalid-en');
    await openList();
    await upload('E2E cdn certificate', bindable, true);
    await page.getByText('upload successful').waitFor({ timeout: 15_000 });
    await row('E2E cdn certificate').waitFor();
    await shot(page, 'certificates-uploaded-en');
  });

  it('shows the details of the uploaded certificate', async () => {
    await row('E2E cdn certificate').getByTestId('certificate-details').click();
    const details = page.getByTestId('certificate-show');
    await details.waitFor();
    await details.getByTestId('certificate-dns-names').getByText('img.acme-media.example').waitFor();
    await page.getByTestId('certificate-issuer').getByText('E2E Trust TLS CA 2026').waitFor();
    await expect(page.getByTestId('certificate-chain').locator('tbody tr').count()).resolves.toBe(2);
    await expect(page.getByTestId('certificate-serial').textContent()).resolves.toMatch(/[0-9A-F]{20,}/);
    await shot(page, 'certificate-details-en');
    // acme holds the operation right: the download is a zip with the chain and the key.
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('certificate-download').click()]);
    expect(file.suggestedFilename()).toBe('E2E cdn certificate.zip');
  });

  it('binds the certificate to a domain it covers', async () => {
    await openList();
    await row('E2E cdn certificate').getByTestId('certificate-bind').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox').click();
    await page.getByRole('option', { name: 'cdn.acme-media.example' }).click();
    await shot(page, 'certificate-bind-en');
    await dialog.getByTestId('bind-save').click();
    await row('E2E cdn certificate').getByTestId('certificate-bound').getByText('cdn.acme-media.example').waitFor({ timeout: 10_000 });
    await shot(page, 'certificate-bound-en');
  });

  it('deletes an unbound certificate and watches it go from deleting to removed', async () => {
    await upload('E2E disposable', disposable, false);
    await row('E2E disposable').waitFor({ timeout: 15_000 });
    await row('E2E disposable').getByTestId('certificate-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await row('E2E disposable').getByTestId('status-deleting').waitFor({ timeout: 10_000 });
    await shot(page, 'certificate-deleting-en');
    await row('E2E disposable').waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByText('Certificate E2E disposable was deleted').waitFor();
    await shot(page, 'certificate-deleted-en');
  });

  it('shows the same screens in Chinese', async () => {
    await switchLanguage(page, '简体中文');
    await openList();
    await page.getByText('即将到期').first().waitFor();
    await row('E2E cdn certificate').getByTestId('certificate-details').click();
    await page.getByTestId('certificate-issuer').waitFor();
    await page.getByText('颁发者名称').waitFor();
    await shot(page, 'certificate-details-zh');
    await page.goto('/page/certificateUpload/create');
    await page.getByText('选择文件').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'certificates-upload-zh');
  });
});
