import { DESKTOP_ONLY, expect, isPhone, loginAs, screenshot, test } from '../helpers';

test.describe('admin scanner', () => {
  test('an administrator starts an incremental scan and sees it finish', async ({ page }) => {
    // One scan at a time per library: the phone project only looks at the page.
    await loginAs(page, 'admin', '/admin/scanner');
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await expect(page.getByTestId('scan-status')).toHaveText('Last scan finished');
    if (isPhone()) {
      await screenshot(page, 'scanner');
      return;
    }
    await page.getByRole('button', { name: 'Scan for changes' }).click();
    await expect(page.getByTestId('scan-status')).toHaveText(/Scanning|Last scan finished/);
    await expect(page.getByTestId('scan-status')).toHaveText('Last scan finished', { timeout: 60_000 });
    await expect(page.getByText(/Scan finished: 60 found/)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Scan progress' })).toBeVisible();
    // Nothing changed since the start-up scan: said as such, not as "0 of 60 works".
    await expect(page.getByTestId('scan-processed')).toHaveText('60 works unchanged');
    // The history lists it first; opened, it shows its problems (none).
    const latest = page.locator('[data-testid^="scan-history-"]').first();
    await expect(latest).toContainText('60 found: 0 added, 0 updated, 60 unchanged, 0 missing');
    await latest.getByRole('button').click();
    await expect(latest.getByText('No problems.')).toBeVisible();
    await screenshot(page, 'scanner');
  });

  test('anyone else gets a 403 message', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await loginAs(page, 'guest', '/admin/scanner');
    await expect(page.getByText('Administrators only (403)')).toBeVisible();
  });
});
