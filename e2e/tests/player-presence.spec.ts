import type { Page, Route } from '@playwright/test';
import { expect, openSidebar, registerUser, test } from '../helpers';

/**
 * The player is always there once something is queued (issue 14, item 4): after a reload on a page that
 * is not a work page, and through a short outage during which the listener navigates (the network
 * screen covers the page, the audio element stays and plays what it has buffered, the bar is back after).
 * RJ205464's second track lasts 39 s.
 */
const WORK = '/work/RJ205464';
const TRACK = '#02 おやすみなさい.wav';

type AudioState = { present: boolean; time: number; paused: boolean };
const audio = (page: Page) =>
  page.evaluate((): AudioState => {
    const element = document.querySelector('audio');
    return { present: !!element, time: element?.currentTime ?? 0, paused: element?.paused ?? true };
  });

async function playTrack(page: Page) {
  await page.getByText(TRACK, { exact: true }).click();
  await expect(page.getByTestId('player-title')).toHaveText(TRACK, { timeout: 20_000 });
  await expect.poll(async () => (await audio(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.3);
}

test.describe('the player stays', () => {
  test.describe.configure({ timeout: 90_000 });
  test.use({ actionTimeout: 20_000, serviceWorkers: 'block' });

  test('after a reload on /works the bar is back with the queue', async ({ page }) => {
    await registerUser(page, { path: WORK });
    await playTrack(page);
    await page.getByTestId('player-bar').getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await audio(page)).paused).toBe(true);
    await page.goto('/works');
    await expect(page.getByTestId('player-bar')).toBeVisible();
    await page.reload();
    await expect(page.getByText('60 works', { exact: true })).toBeVisible();
    await expect(page.getByTestId('player-title')).toHaveText(TRACK, { timeout: 10_000 });
    await expect(page.getByTestId('player-bar')).toBeVisible();
  });

  test('an outage while navigating: the audio plays on under the network screen, the bar is back', async ({
    page,
  }) => {
    await registerUser(page, { path: WORK });
    await playTrack(page);
    // Let the 39 s track buffer, then cut the server off: the API, media and the app's chunks.
    await page.waitForTimeout(2_000);
    const cut = (route: Route) => route.abort('internetdisconnected');
    await page.route('**/api/**', cut);
    await page.route('**/assets/**', cut);
    const nav = await openSidebar(page);
    await nav.getByRole('link', { name: 'Circles' }).click();
    await expect(page.getByTestId('network-error')).toBeVisible();
    const during = (await audio(page)).time;
    await page.waitForTimeout(3_000);
    const after = await audio(page);
    expect(after.present).toBe(true);
    expect(after.paused).toBe(false);
    expect(after.time).toBeGreaterThan(during + 2);

    await page.unroute('**/api/**');
    await page.unroute('**/assets/**');
    await page.getByTestId('network-error').getByRole('button', { name: 'Retry now' }).click();
    await expect(page.getByTestId('network-error')).toBeHidden();
    await expect(page.getByTestId('player-bar')).toBeVisible();
    await expect(page.getByTestId('player-title')).toHaveText(TRACK);
    expect((await audio(page)).paused).toBe(false);
    // The screen tapped during the outage opens now, without a second tap (a failed lazy route used to
    // stay failed; on phones the closing sidebar's Back cancelled the navigation).
    await expect(page).toHaveURL(/\/circles$/);
    await expect(page.getByRole('heading', { name: 'Circles' })).toBeVisible({ timeout: 15_000 });
  });
});
