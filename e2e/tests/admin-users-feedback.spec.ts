import { createUserInDialog } from '../admin-users';
import {
  DESKTOP_ONLY,
  E2E_BASE_URL,
  expect,
  loginAs,
  openSidebar,
  registerUser,
  screenshot,
  test,
  tokenFor,
  uniqueName,
} from '../helpers';

test.describe('users and the feedback inbox', () => {
  test('an administrator creates a user and resets their password; the new one logs in', async ({ page }) => {
    await loginAs(page, 'admin', '/admin/users');
    const name = uniqueName('made');
    const row = await createUserInDialog(page, name, 'first-password');
    await expect(row).toContainText('Never');
    await tokenFor(page.request, { name, password: 'first-password' });

    await row.getByRole('button', { name: `Actions: ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Reset password' }).click();
    const password = (await page.getByTestId('generated-password').textContent()) ?? '';
    expect(password).toMatch(/^[\w-]{16}$/);
    await screenshot(page, 'users-password-reset');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('generated-password')).toHaveCount(0);

    const old = await page.request.post(`${E2E_BASE_URL}/api/auth/me`, {
      data: { name, password: 'first-password' },
    });
    expect(old.status()).toBe(401);
    await tokenFor(page.request, { name, password });
    await page.reload();
    await expect(page.getByTestId(`user-${name}`)).not.toContainText('Never');
    await screenshot(page, 'users');
  });

  test('an administrator reads and resolves a feedback item; the badge goes down', {
    tag: DESKTOP_ONLY,
  }, async ({ page }) => {
    const listener = await registerUser(page, { signIn: false });
    const headers = { Authorization: `Bearer ${listener.token}` };
    const works = await page.request.get(`${E2E_BASE_URL}/api/works?pageSize=1`, { headers });
    const [work] = ((await works.json()) as { works: Array<{ id: number; title: string }> }).works;
    if (!work) throw new Error('the demo library has no works');
    // A file of the work as its track list names it (`<work>/<file>`).
    const tracks = await (
      await page.request.get(`${E2E_BASE_URL}/api/tracks/${work.id}`, { headers })
    ).text();
    const fileId = Number(/"hash":"\d+\/(\d+)"/.exec(tracks)?.[1]);
    const details = `Track 1 is silent (${uniqueName('r')})`;
    const sent = await page.request.post(`${E2E_BASE_URL}/api/feedback`, {
      headers,
      data: { work_id: work.id, file_id: fileId, category: 'cantPlay', details },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    await loginAs(page, 'admin', '/admin/feedback');
    const nav = await openSidebar(page);
    const badge = nav.getByTestId('open-feedback-badge');
    const before = Number(await badge.textContent());
    expect(before).toBeGreaterThan(0);
    const card = page.locator('[data-testid^="feedback-item-"]', { hasText: details });
    await expect(card).toContainText('Cannot be played');
    await expect(card.getByRole('link', { name: work.title, exact: true })).toHaveAttribute(
      'href',
      `/work/${work.id}`,
    );
    await expect(card.getByRole('link', { name: /^File: / })).toBeVisible();
    await card.getByRole('button', { name: 'Mark resolved' }).click();
    // The page shows open items: the resolved one leaves the list, and the badge counts one fewer.
    await expect(card).toHaveCount(0);
    if (before > 1) await expect(badge).toHaveText(String(before - 1));
    else await expect(badge).toHaveCount(0);

    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Resolved' }).click();
    await expect(card.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await screenshot(page, 'feedback-inbox');
  });
});
