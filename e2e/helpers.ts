import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { ACCOUNTS, E2E_BASE_URL } from './env';

export { ACCOUNTS, E2E_BASE_URL, expect };

/**
 * Playwright's `test` with one automatic check: a test fails when the page threw an uncaught error.
 * Import `test` and `expect` from here.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export type Who = 'guest' | 'admin' | { name: string; password: string };

const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

function credentials(who: Who): { name: string; password: string } {
  return typeof who === 'string' ? ACCOUNTS[who] : who;
}

/** A user name no other test (or earlier run) has used: at least 5 characters, as the server requires. */
export function uniqueName(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A token for `who` straight from the API (no browser), for API calls in tests. */
export async function tokenFor(request: APIRequestContext, who: Who): Promise<string> {
  const response = await request.post(`${E2E_BASE_URL}/api/auth/me`, { data: credentials(who) });
  expect(response.ok(), `login of ${credentials(who).name}`).toBeTruthy();
  return ((await response.json()) as { token: string }).token;
}

/**
 * Sets local storage on the app's origin before the app loads (it opens /api/health, which runs no app
 * code, writes the entries, and leaves the page there: navigate next). Values are strings, as stored.
 */
export async function primeStorage(page: Page, entries: Record<string, string>): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
}

/**
 * Signs `page` in as `who` through the API (fast) and opens `path` (default /works), waiting for the
 * layout. The token goes where the app keeps it (`jwt-token`); `isFirstLaunchUser` is set to false so a
 * later 401 leads to /login instead of the automatic guest login. Returns the token.
 */
export async function loginAs(page: Page, who: Who, path = '/works'): Promise<string> {
  const token = await tokenFor(page.request, who);
  await primeStorage(page, { 'jwt-token': token, isFirstLaunchUser: 'false' });
  await page.goto(path);
  await expect(page.getByRole('banner')).toBeVisible();
  return token;
}

/** Registers a new user with a unique name through the API; with `page`, also signs the page in. */
export async function registerUser(
  page: Page,
  options: { signIn?: boolean; path?: string } = {},
): Promise<{ name: string; password: string; token: string }> {
  const user = { name: uniqueName(), password: 'e2e-password' };
  const response = await page.request.post(`${E2E_BASE_URL}/api/auth/reg`, { data: user });
  expect(response.status(), 'registration').toBe(201);
  const { token } = (await response.json()) as { token: string };
  if (options.signIn !== false) await loginAs(page, user, options.path);
  return { ...user, token };
}

/** Fills the login form on /login (the page must be open) and submits it. */
export async function submitLoginForm(page: Page, name: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/**
 * Opens the sidebar when it is collapsed (phones: it sits off-screen) so its links can be clicked.
 * Resolves to the sidebar.
 */
export async function openSidebar(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Menu' });
  const onScreen = () =>
    nav.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > 1 && box.left < window.innerWidth - 1;
    });
  if (!(await onScreen())) await page.getByRole('button', { name: 'Menu' }).click();
  await expect.poll(onScreen).toBe(true);
  return nav;
}

/**
 * Records the text of every notification the page shows (success notices last only 500 ms, too short to
 * assert on reliably). Call before navigating; then `await expectNotice(page, 'Login success')`.
 */
export async function recordNotices(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __notices: string[] }).__notices = seen;
    const scan = () => {
      for (const element of document.querySelectorAll('.mantine-Notification-root')) {
        const text = (element.textContent ?? '').trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Waits until a notification containing `text` has been shown (needs `recordNotices` first). */
export async function expectNotice(page: Page, text: string | RegExp): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __notices?: string[] }).__notices ?? []))
    .toContainEqual(typeof text === 'string' ? expect.stringContaining(text) : expect.stringMatching(text));
}

/** Sets the interface language and theme before the app loads (`userPreferredLang`, `dark`). */
export async function primeLook(page: Page, look: { lang?: 'en' | 'zh-CN' | 'ja'; dark?: boolean }) {
  const entries: Record<string, string> = {};
  if (look.lang) entries.userPreferredLang = look.lang;
  if (look.dark !== undefined) entries.dark = String(look.dark);
  await primeStorage(page, entries);
}

/**
 * Saves a full-page screenshot as e2e/screenshots/<project>-<name>.png (gitignored) for people to look
 * at; it asserts nothing. Waits for fonts and running animations first.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SCREENSHOTS}${test.info().project.name}-${name}.png`, fullPage: true });
}

export const isPhone = () => test.info().project.use.isMobile === true;

/**
 * Tag for tests whose subject does not depend on the screen size (logic, storage, API round trips): the
 * phone project leaves them out to keep the suite lean. `test('...', { tag: DESKTOP_ONLY }, async ...)`.
 */
export const DESKTOP_ONLY = '@desktop-only';
