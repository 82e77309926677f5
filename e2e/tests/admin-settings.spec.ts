import { join } from 'node:path';
import { createUserInDialog } from '../admin-users';
import { ACCOUNTS, E2E_PORT } from '../env';
import { test as base, expect, primeLook, primeStorage, screenshot, uniqueName } from '../helpers';
import { type OwnServer, startOwnServer, writeLibrary } from '../own-server';

/**
 * Issue 15's administrator journey on a server of its own (it switches guests off and adds a library
 * folder, which the other tests' shared server must not see): add a folder and watch its scan finish,
 * see its works, create a user and reset their password, read and resolve their feedback, switch guests
 * off (the guest login then fails).
 */
const test = base.extend<{ own: OwnServer }, { ownServer: OwnServer }>({
  ownServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function names.
    async ({}, use, workerInfo) => {
      const server = await startOwnServer(E2E_PORT + 20 + workerInfo.parallelIndex, async (folder) => ({
        libraryDirs: [await writeLibrary(join(folder, 'first-library'), { 990001: 'Rain on the Roof' })],
        guest: true,
        registration: true,
        watch: { mode: 'off' },
        scan: { schedule: 'off' },
        metadata: { dlsite: { enabled: false } },
      }));
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  own: async ({ ownServer }, use) => use(ownServer),
  baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
});

async function token(own: OwnServer, who: { name: string; password: string }): Promise<string | null> {
  const response = await fetch(`${own.baseURL}/api/auth/me`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(who),
  });
  return response.ok ? ((await response.json()) as { token: string }).token : null;
}

test('an administrator runs the server from the Settings page', async ({ page, own }) => {
  test.setTimeout(150_000);
  const adminToken = (await token(own, ACCOUNTS.admin)) as string;
  await primeStorage(page, { 'jwt-token': adminToken, isFirstLaunchUser: 'false' });
  await page.goto('/settings');
  const folders = page.getByTestId('library-folders');
  await expect(folders).toContainText('first-library');
  await expect(folders).toContainText('1 work');

  // A folder that is not there is refused with the reason beside the field.
  const field = page.getByRole('textbox', { name: 'Folder to add' });
  await field.fill(join(own.base, 'nowhere'));
  await page.getByRole('button', { name: 'Add folder' }).click();
  await expect(folders).toContainText('does not exist');

  const second = await writeLibrary(join(own.base, 'second-library'), {
    990002: 'Whisper Garden',
    990003: 'Moonlit Tea Party',
  });
  await field.fill(second);
  await page.getByRole('button', { name: 'Add folder' }).click();
  await expect(page.getByRole('status')).toContainText('a scan started');
  await page.getByRole('link', { name: 'Watch the scan' }).click();
  await expect(page.getByTestId('scan-status')).toHaveText('Last scan finished', { timeout: 60_000 });
  await page.goto('/works');
  await expect(page.getByText('Whisper Garden').first()).toBeVisible();
  await expect(page.getByText('Moonlit Tea Party').first()).toBeVisible();
  await page.goto('/settings');
  await expect(folders).toContainText('2 works');
  await screenshot(page, 'admin-settings');

  // A user, created and given a new password.
  await page.goto('/admin/users');
  const name = uniqueName('set');
  const row = await createUserInDialog(page, name, 'first-password');
  await row.getByRole('button', { name: `Actions: ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Reset password' }).click();
  const password = (await page.getByTestId('generated-password').textContent()) ?? '';
  await page.getByRole('button', { name: 'Done' }).click();
  expect(await token(own, { name, password: 'first-password' })).toBeNull();
  const userToken = await token(own, { name, password });
  expect(userToken).not.toBeNull();

  // Their feedback, read and resolved.
  const details = `The new work is silent (${uniqueName('f')})`;
  const sent = await fetch(`${own.baseURL}/api/feedback`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${userToken}` },
    body: JSON.stringify({ work_id: 990002, category: 'cantPlay', details }),
  });
  expect(sent.status).toBe(201);
  await page.goto('/admin/feedback');
  const card = page.locator('[data-testid^="feedback-item-"]', { hasText: details });
  await expect(card.getByRole('link', { name: 'Whisper Garden' })).toBeVisible();
  await card.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(card).toHaveCount(0);

  // Guests off: the guest login fails at once.
  expect(await token(own, ACCOUNTS.guest)).not.toBeNull();
  await page.goto('/settings');
  const guest = page.getByRole('switch', { name: 'Guest access' });
  await expect(guest).toBeChecked();
  await guest.click({ force: true });
  await expect(guest).not.toBeChecked();
  await expect(page.locator('[data-setting="guest"]')).toContainText('Saved here');
  await expect.poll(() => token(own, ACCOUNTS.guest)).toBeNull();
  await guest.click({ force: true });
  await expect.poll(() => token(own, ACCOUNTS.guest)).not.toBeNull();
});

test('the settings speak Chinese and Japanese', async ({ page, own }) => {
  const adminToken = (await token(own, ACCOUNTS.admin)) as string;
  for (const [lang, heading] of [
    ['zh-CN', '媒体库文件夹'],
    ['ja', 'ライブラリフォルダ'],
  ] as const) {
    await primeLook(page, { lang });
    await primeStorage(page, { 'jwt-token': adminToken, isFirstLaunchUser: 'false' });
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
});
