import type { Route } from '@playwright/test';
import { expect, test } from '../helpers';

/**
 * The web app under the server's limits and failures (issue 14, item 1): a 429 shows the rate-limit
 * notice with the seconds to wait and the guest tip, reads wait for `Retry-After` instead of being
 * retried in a loop, and the page comes back by itself; a network failure shows the network screen
 * (English once, no raw toast) and polls health with a growing back-off.
 */
const TIP =
  "Tip: If you use guest login, you will be limited by speed. It's better to register your own account.";
const isCover = (path: string) => path.startsWith('/api/cover/');

test.describe('limits', () => {
  test.describe.configure({ timeout: 90_000 });

  test("the guest's 429: the tip and the seconds, a handful of requests, then the page", async ({ page }) => {
    const LIMITED_MS = 30_000;
    let limitedUntil = 0;
    const requests: string[] = [];
    const covers: string[] = [];
    await page.route('**/api/**', (route: Route) => {
      const path = new URL(route.request().url()).pathname;
      if (Date.now() >= limitedUntil || path === '/api/health') return route.continue();
      (isCover(path) ? covers : requests).push(path);
      return route.fulfill({
        status: 429,
        headers: { 'Retry-After': '15' },
        json: { error: 'The guest account is rate limited: wait a moment, or register an account' },
      });
    });
    // A first-launch visitor: signed in as the guest on their own.
    await page.goto('/works');
    await expect(page.getByText('60 works', { exact: true })).toBeVisible();

    limitedUntil = Date.now() + LIMITED_MS;
    await page.goto('/works?page=2');
    const notice = page.getByTestId('rate-limit-notice');
    await expect(notice).toContainText('Too many requests');
    await expect(notice).toContainText(/Loading again in \d+ s/);
    await expect(notice).toContainText(TIP);
    await page.waitForTimeout(Math.max(0, limitedUntil - Date.now()));

    // The session, the list and the version were each asked at most twice in 30 s (first, and once after
    // Retry-After), where the app used to ask about 50 times a second; each cover once at most.
    expect(requests.length, requests.join(' ')).toBeLessThanOrEqual(8);
    expect(covers.length).toBeLessThanOrEqual(12);
    // The page comes back on its own once the limit is over.
    await expect(page.getByText('60 works', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/page=2/);
    await expect(notice).toBeHidden();
  });

  test('5xx backs off, and the network screen says it once, without a raw toast', async ({ page }) => {
    await page.goto('/works');
    await expect(page.getByText('60 works', { exact: true })).toBeVisible();

    // The list answers 500 for 10 s: asked three times (first, after 1 s, after 2 s more) at most.
    const failed: number[] = [];
    const until = Date.now() + 10_000;
    await page.route('**/api/works**', (route: Route) => {
      if (Date.now() >= until) return route.continue();
      failed.push(Date.now());
      return route.fulfill({ status: 500, json: { error: 'Internal Server Error' } });
    });
    await page.goto('/works?page=3');
    await page.waitForTimeout(Math.max(0, until - Date.now()));
    expect(failed.length).toBeLessThanOrEqual(3);
    await page.unroute('**/api/works**');

    // No response at all: the network screen, once in English; health polled with a growing back-off.
    const health: number[] = [];
    await page.route('**/api/**', (route: Route) => {
      if (new URL(route.request().url()).pathname === '/api/health') health.push(Date.now());
      return route.abort('internetdisconnected');
    });
    await page.goto('/works?page=4').catch(() => undefined);
    const screen = page.getByTestId('network-error');
    await expect(screen).toBeVisible();
    await expect(screen.getByRole('heading')).toHaveText('Network Error');
    await expect(screen).toContainText('Please check your network settings');
    expect((await screen.textContent())?.match(/Please check your network settings/g)).toHaveLength(1);
    await page.waitForTimeout(8_000);
    expect(health.length).toBeLessThanOrEqual(5);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await page.unroute('**/api/**');
    await screen.getByRole('button', { name: 'Retry now' }).click();
    await expect(screen).toBeHidden();
    await expect(page.getByText('60 works', { exact: true })).toBeVisible();
  });
});
