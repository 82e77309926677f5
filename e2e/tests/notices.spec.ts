import { DESKTOP_ONLY, expect, expectNotice, loginAs, primeStorage, recordNotices, test } from '../helpers';

test.describe('notices', () => {
  test('a new server version is announced once, then remembered', { tag: DESKTOP_ONLY }, async ({
    page,
    request,
  }) => {
    await recordNotices(page);
    await primeStorage(page, { localVersion: '0.0.1' });
    const token = await loginAs(page, 'guest');
    await expectNotice(page, 'new version released');
    const version = await request.get('/api/version', { headers: { Authorization: `Bearer ${token}` } });
    const expected = ((await version.json()) as { version: string }).version;
    await expect.poll(() => page.evaluate(() => localStorage.getItem('localVersion'))).toBe(expected);
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => (window as unknown as { __notices: string[] }).__notices)).toEqual([]);
  });

  test('the first visit stores the version silently', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await loginAs(page, 'guest');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('localVersion'))).not.toBeNull();
    await expect(page.getByText('new version released')).toHaveCount(0);
  });
});
