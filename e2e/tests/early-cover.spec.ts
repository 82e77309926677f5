import type { Locator } from '@playwright/test';
import { expect, loginAs, test } from '../helpers';

/**
 * The work page's cover is painted by the app's entry before the app's code has run (apps/web
 * early-cover.ts, issue 14's phone budget), in the box where the page draws its own cover, which then
 * takes its place. Run at both sizes (desktop: the sidebar and the two-column header; phone: one column).
 */
const WORK = '/work/RJ363008';

const box = async (locator: Locator) => {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('no box');
  return Object.fromEntries(Object.entries(rect).map(([key, value]) => [key, Math.round(value)]));
};

test('the early cover is painted before the app runs, where the page draws its cover, then taken away', async ({
  page,
}) => {
  // Hold the app's chunk, so the early cover is all there is until it is let through.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const opened = loginAs(page, 'guest', WORK);
  const early = page.getByTestId('early-cover');
  await expect(early.locator('img')).toHaveJSProperty('complete', true);
  await expect(page.getByRole('banner')).toHaveCount(0);
  const earlyBox = await box(early.locator('img'));
  // Decorative: the page's own cover carries the alternative text.
  await expect(early).toHaveAttribute('aria-hidden', 'true');

  release();
  await opened;
  const cover = page.getByRole('img', { name: 'お姉さんの添い寝子守唄' });
  await expect(cover).toBeVisible();
  expect(await box(cover)).toEqual(earlyBox);
  await expect(early).toHaveCount(0);
});
