import { DESKTOP_ONLY, expect, loginAs, primeLook, screenshot, test } from '../helpers';

test.describe('settings', () => {
  test('player settings are saved in sharedConfig and survive a reload', { tag: DESKTOP_ONLY }, async ({
    page,
  }) => {
    await loginAs(page, 'guest', '/settings');
    await page.getByRole('radiogroup', { name: 'Rewind seek time' }).getByText('10 s').click();
    await page.getByRole('radiogroup', { name: 'Forward seek time' }).getByText('15 s').click();
    await page.getByText('Quality first', { exact: true }).click();
    await page.getByText('Picture-in-picture', { exact: true }).click();
    await page.getByText('Always resume', { exact: true }).click();
    await page.reload();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('sharedConfig') ?? 'null'));
    expect(stored).toEqual({
      rewindSeekTime: 10,
      forwardSeekTime: 15,
      qualityBehavior: 'qualityFirst',
      subtitleDisplayMode: 'pip',
      resumeMode: 'always',
    });
    await expect(
      page.getByRole('radiogroup', { name: 'Forward seek time' }).getByLabel('15 s'),
    ).toBeChecked();
    await expect(page.getByLabel('Quality first')).toBeChecked();
  });

  test('language switch to zh-CN and ja changes the words and persists', async ({ page }) => {
    await loginAs(page, 'guest', '/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await page.getByText('简体中文').click();
    await expect(page.getByRole('heading', { name: '设置', level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: '设置', level: 1 })).toBeVisible();
    await page.getByText('日本語').click();
    await expect(page.getByRole('heading', { name: '設定', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await screenshot(page, 'settings-ja');
    await page.reload();
    await expect(page.getByRole('heading', { name: '設定', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('userPreferredLang'))).toBe('ja');
  });

  test('dark mode is stored in `dark` and survives a reload', async ({ page }) => {
    await primeLook(page, { dark: false });
    await loginAs(page, 'guest', '/settings');
    await screenshot(page, 'settings-light');
    await page.getByText('Dark', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('dark'))).toBe('true');
    await screenshot(page, 'settings-dark');
  });
});
