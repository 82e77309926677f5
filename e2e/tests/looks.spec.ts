import { expect, loginAs, primeLook, screenshot, test } from '../helpers';

/** Screenshots of the account screens in Japanese and dark mode, for people to look at. */
test('the account screens in Japanese, dark', async ({ page }) => {
  await primeLook(page, { lang: 'ja', dark: true });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sasayaki へようこそ' })).toBeVisible();
  await screenshot(page, 'login-ja-dark');
  await loginAs(page, 'admin', '/settings');
  await expect(page.getByRole('heading', { name: '設定', level: 1 })).toBeVisible();
  await screenshot(page, 'settings-ja-dark');
  await page.goto('/about');
  await expect(page.getByRole('table')).toBeVisible();
  await screenshot(page, 'about-ja-dark');
  await page.goto('/admin/scanner');
  await expect(page.getByText('前回のスキャンは完了しました')).toBeVisible();
  await screenshot(page, 'scanner-ja-dark');
});
