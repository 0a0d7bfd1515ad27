import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const SCREENSHOT_DIR = path.resolve('tests/e2e/screenshots');

export function baseURL(): string {
  return inject('baseURL');
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Chromium for the tests of the calling file: launched before them, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not launched yet');
    return browser;
  };
}

/**
 * A page signed in as `username` for the tests of the enclosing describe, handed to `use` before
 * them; its browser context is closed after them.
 */
export function signedInPage(browser: () => Browser, username: string, password: string, use: (page: Page) => void): void {
  let page: Page | undefined;
  beforeAll(async () => {
    page = await signedInNewPage(browser(), username, password);
    use(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });
}

/** Waits until nothing on the screen is loading any more (calls, lazy charts, map shapes). */
export async function settled(page: Page, timeout = 90_000): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"], .MuiSkeleton-root').length === 0, undefined, {
    timeout,
  });
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: baseURL(), acceptDownloads: true });
  return context.newPage();
}

/** Signs in through the login form and waits to leave /newlogin. */
export async function signInAs(page: Page, username: string, password: string): Promise<void> {
  if (!page.url().includes('/newlogin')) await page.goto('/newlogin');
  await page.getByTestId('username').fill(username);
  await page.getByTestId('password').fill(password);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => !u.pathname.startsWith('/newlogin'), { timeout: 20_000 });
}

/** Opens `path` and waits for the screen's heading `heading`. */
export async function openScreen(page: Page, path: string, heading: string, timeout?: number): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: heading }).waitFor(timeout === undefined ? undefined : { timeout });
}

/** A new page (its own context) signed in as `username`. */
export async function signedInNewPage(browser: Browser, username: string, password: string): Promise<Page> {
  const page = await newPage(browser);
  await signInAs(page, username, password);
  return page;
}

export async function switchLanguage(page: Page, to: 'English' | '简体中文'): Promise<void> {
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: new RegExp(to) }).click();
}

/**
 * Saves a screenshot under tests/e2e/screenshots/<name>.png (look at them): the full page, or the
 * viewport while a dialog is open (a full-page shot of a scrolled page draws the fixed app bar in
 * the middle of it, so other pages are scrolled to the top first). Waits for running transitions first (a dialog fading in, a menu
 * opening).
 */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const dialogOpen = (await page.locator('[role="dialog"]:visible, [role="presentation"].MuiDialog-root:visible').count()) > 0;
  // a full page is drawn from the top: scrolled, the fixed app bar would be drawn where the viewport
  // was (the window and any element scrolled by scrollIntoViewIfNeeded are brought back)
  if (!dialogOpen) {
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      for (const el of document.querySelectorAll('*')) if (el.scrollTop > 0) el.scrollTop = 0;
    });
    // react-admin's sidebar follows the app bar's scroll trigger one frame later, with a transition
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
  // Running transitions finish first (a dialog fading in, a menu opening, the sidebar moving back);
  // endless ones — spinners, skeleton pulses — never finish and are not waited for.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: !dialogOpen });
  await recordAccessibility(page, name);
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** axe-core's serious and critical findings of every screenshot, one JSON line each (look at it with the screenshots). */
export const AXE_REPORT = path.join(SCREENSHOT_DIR, 'axe-report.jsonl');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core where each screenshot is taken (the screen in the language and state the test shows)
 * and fails the test on any serious or critical violation, after recording them in AXE_REPORT (with
 * axe's account of the first element: the colours and ratio of a color-contrast finding).
 */
export async function recordAccessibility(page: Page, name: string): Promise<void> {
  // evaluated through the DevTools protocol: the app's CSP refuses inline scripts
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as Window &
      typeof globalThis & { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } };
    // colours half-way through a fade (a snackbar appearing) are not the screen's colours: let them end
    // (spinners run forever: only finite ones are waited for, and never longer than 2 s)
    const fading = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    const ended = Promise.all(fading.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((r) => setTimeout(r, 2000))]);
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
        summary: v.nodes[0]?.failureSummary ?? '',
      }));
  });
  if (violations.length === 0) return;
  fs.appendFileSync(AXE_REPORT, `${JSON.stringify({ name, violations })}\n`);
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.targets.join(' | ')}\n    ${v.summary.replace(/\n/g, ' ')}`);
  throw new Error(`axe-core on screenshot ${name}:\n  ${found.join('\n  ')}\n(${path.relative('.', AXE_REPORT)})`);
}
