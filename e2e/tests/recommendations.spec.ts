import type { Page } from '@playwright/test';
import { E2E_BASE_URL, expect, primeStorage, registerUser, screenshot, test } from '../helpers';

/**
 * The works page's recommendation rows and the work page's similar works (issue 13 part 3): Popular for
 * the guest, "For you" (first) and Popular for a member who rated works, nothing while a search is on;
 * the rows fill in after the list's first paint without moving it; in the list display mode as compact
 * lines. Both sizes.
 */

const band = (page: Page) => page.getByTestId('recommendations');
/** The list's first card's top, relative to the page. */
const firstCardTop = (page: Page) =>
  page
    .getByRole('article')
    .first()
    .evaluate((element) => element.getBoundingClientRect().top + window.scrollY);

/** The page must not scroll sideways: a row scrolls inside itself. */
const noSidewaysScroll = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);

test.describe('recommendations', () => {
  test('the guest sees Popular above the list, which does not move when it fills in', async ({ page }) => {
    await page.goto('/works');
    await expect(page.getByRole('article').first()).toBeVisible();
    const before = await firstCardTop(page);
    const popular = band(page).getByRole('list', { name: 'Popular' });
    await expect(popular.getByRole('link').first()).toBeVisible();
    expect(await popular.getByRole('link').count()).toBeGreaterThan(3);
    await expect(band(page).getByRole('heading', { name: 'Popular' })).toBeVisible();
    await expect(band(page).getByRole('tab')).toHaveCount(0);
    expect(await firstCardTop(page)).toBe(before);
    await noSidewaysScroll(page);
    await screenshot(page, 'recommendations-guest');

    // A search is what the reader asked for: no rows.
    await page.goto('/works?keyword=%E8%80%B3');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(band(page)).toHaveCount(0);
  });

  test('in the list display mode: Popular as lines of small covers and titles, in a lower band that does not move the list', async ({
    page,
  }) => {
    await primeStorage(page, { displayMode: 'list' });
    await page.goto('/works');
    await expect(page.getByRole('article').first()).toBeVisible();
    const before = await firstCardTop(page);
    const popular = band(page).getByRole('list', { name: 'Popular' });
    await expect(popular.getByRole('link').first()).toBeVisible();
    await expect(popular.getByRole('link').first()).toContainText(/RJ\d{6,8}/);
    expect(await firstCardTop(page)).toBe(before);
    // One line of 48 px covers under the heading, not the covers mode's 140 px tiles.
    expect((await band(page).boundingBox())?.height).toBeLessThan(110);
    await noSidewaysScroll(page);
    await screenshot(page, 'recommendations-list-mode');
  });

  test('a member with ratings gets For you first, Popular beside it, and similar works on a work page', async ({
    page,
  }) => {
    const user = await registerUser(page);
    const listed = await page.request.get(`${E2E_BASE_URL}/api/works?order=id&sort=asc&pageSize=40`, {
      headers: { Authorization: `Bearer ${user.token}` },
    });
    const works = ((await listed.json()) as { works: Array<{ id: number; source_id: string }> }).works;
    for (const work of works.slice(0, 3)) {
      const rated = await page.request.put(`${E2E_BASE_URL}/api/review?starOnly=true`, {
        headers: { Authorization: `Bearer ${user.token}` },
        data: { user_name: user.name, work_id: work.id, rating: 5 },
      });
      expect(rated.ok(), `rating ${work.id}`).toBeTruthy();
    }
    await page.goto('/works');
    const forYou = band(page).getByRole('tab', { name: 'For you' });
    await expect(forYou).toHaveAttribute('aria-selected', 'true');
    const rated = new Set(works.slice(0, 3).map((work) => `/work/${work.source_id}`));
    const picks = band(page).getByRole('list', { name: 'For you' }).getByRole('link');
    await expect(picks.first()).toBeVisible();
    for (const href of await picks.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(rated.has(href ?? ''), `${href} was rated`).toBe(false);
    }
    await band(page).getByRole('tab', { name: 'Popular' }).click();
    await expect(band(page).getByRole('list', { name: 'Popular' }).getByRole('link').first()).toBeVisible();
    await noSidewaysScroll(page);
    await screenshot(page, 'recommendations-member');

    // Similar works below a work page's tracks, asked once scrolled near.
    await page.goto(`/work/${works[0]?.source_id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const similar = page.getByTestId('similar-works');
    await similar.scrollIntoViewIfNeeded();
    await expect(
      similar.getByRole('list', { name: 'Similar works' }).getByRole('link').first(),
    ).toBeVisible();
    await noSidewaysScroll(page);
  });
});
