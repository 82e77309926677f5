import {
  DESKTOP_ONLY,
  expect,
  expectNotice,
  loginAs,
  openSidebar,
  recordNotices,
  registerUser,
  screenshot,
  submitLoginForm,
  test,
  uniqueName,
} from '../helpers';

test.describe('sign-in', () => {
  test('a first-launch visitor is signed in as the guest automatically', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/works$/);
    const nav = await openSidebar(page);
    await expect(nav.getByRole('button', { name: /Log out/ })).toContainText('guest');
    expect(await page.evaluate(() => localStorage.getItem('isFirstLaunchUser'))).toBe('false');
  });

  test('the form checks lengths and the repeated password with the spec messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Username length must be at least 5 characters')).toBeVisible();
    await expect(page.getByText('Password length must be at least 5 characters')).toBeVisible();
    await screenshot(page, 'login-errors');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill('someone');
    await page.getByLabel('Password', { exact: true }).fill('secret-1');
    await page.getByLabel('Repeat password').fill('secret-2');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Repeat password not match')).toBeVisible();
    await screenshot(page, 'register');
  });

  test('a wrong password is a warning with the server message', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await page.goto('/login');
    await submitLoginForm(page, 'admin', 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: /password/i })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('register in the form, log out, log in again and return to the previous route', async ({ page }) => {
    const name = uniqueName();
    await recordNotices(page);
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(name);
    await page.getByLabel('Password', { exact: true }).fill('e2e-password');
    await page.getByLabel('Repeat password').fill('e2e-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectNotice(page, 'Register success');
    await expect(page).toHaveURL(/\/works$/);

    const nav = await openSidebar(page);
    await nav.getByRole('button', { name: /Log out/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('jwt-token'))).toBeNull();

    // A screen that needs a session sends us to /login, and login brings us back to it.
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    await submitLoginForm(page, name, 'e2e-password');
    await expectNotice(page, 'Login success');
    await expect(page).toHaveURL(/\/settings$/);
    await expect((await openSidebar(page)).getByRole('button', { name: /Log out/ })).toContainText(name);
  });

  test('continue as guest from the login page', { tag: DESKTOP_ONLY }, async ({ page }) => {
    const user = await registerUser(page, { signIn: false });
    expect(user.name.length).toBeGreaterThanOrEqual(5);
    await page.goto('/login');
    await screenshot(page, 'login');
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await expect(page).toHaveURL(/\/works$/);
  });

  test('an administrator sees the scanner link', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await loginAs(page, 'admin');
    await expect((await openSidebar(page)).getByRole('link', { name: 'Library scanner' })).toBeVisible();
  });
});
