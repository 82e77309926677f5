import { expect, loginAs, screenshot, test } from '../helpers';

test('an unknown route shows the 404 page with a way home', async ({ page }) => {
  await loginAs(page, 'guest', '/no/such/page');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the library' }).click();
  await expect(page).toHaveURL(/\/works$/);
  await screenshot(page, 'not-found');
});
