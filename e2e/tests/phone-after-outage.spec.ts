import type { Page, Route } from '@playwright/test';
import { expect, isPhone, openSidebar, registerUser, test } from '../helpers';

/**
 * On a phone after an outage, the first tap on a screen that was not loaded yet used to need repeating
 * (issue 14). The cause: the open sidebar owns a history entry (Back closes it, lib/use-back-closes.ts); a
 * tap on one of its links closed it, and closing took its entry back with `history.back()` while the
 * router was still fetching the new screen's chunk. The `popstate` of that Back reached the router as a
 * navigation to the page already shown, which cancelled the one the tap had started. A screen already
 * loaded won the race (its navigation ends at once), so it showed only for screens not fetched yet: after
 * an outage, every one whose chunk had failed, and on a real network, any screen not yet visited.
 *
 * Here a screen's chunk takes 400 ms, as over a phone's network (localhost answers in a few).
 */

/** Delays the app's chunks (not the API) by `ms`, as a phone's network would. */
async function slowChunks(page: Page, ms: number) {
  await page.route('**/assets/**', async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

test.describe('a tap in the phone menu opens its screen the first time', () => {
  test.use({ serviceWorkers: 'block' });
  test.skip(() => !isPhone(), 'the menu is a drawer with a history entry on phones only');

  test('a screen not loaded yet, after an outage', async ({ page }) => {
    await registerUser(page, { path: '/works' });
    await expect(page.getByText('60 works', { exact: true })).toBeVisible();

    // An outage: the server answers nothing; a tap in the menu brings up the network screen.
    const cut = (route: Route) => route.abort('internetdisconnected');
    await page.route('**/api/**', cut);
    await page.route('**/assets/**', cut);
    await (await openSidebar(page)).getByRole('link', { name: 'Circles' }).click();
    await expect(page.getByTestId('network-error')).toBeVisible();
    await page.unroute('**/api/**');
    await page.unroute('**/assets/**');
    await slowChunks(page, 400);
    await page.getByTestId('network-error').getByRole('button', { name: 'Retry now' }).click();
    await expect(page.getByTestId('network-error')).toBeHidden();
    await expect(page).toHaveURL(/\/circles$/);
    await expect(page.getByRole('heading', { name: 'All circles' })).toBeVisible();

    // One tap each on screens never loaded: each opens, and Back returns to the one before.
    for (const [name, path, heading] of [
      ['Tags', '/tags', 'All tags'],
      ['Voice actors', '/vas', 'All voice actors'],
    ] as const) {
      await (await openSidebar(page)).getByRole('link', { name }).tap();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await page.goBack();
    await expect(page).toHaveURL(/\/tags$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/circles$/);
  });
});
