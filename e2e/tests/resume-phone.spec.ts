import type { Locator, Page } from '@playwright/test';
import { DESKTOP_ONLY, expect, isPhone, loginAs, registerUser, screenshot, test } from '../helpers';

/**
 * Issue 14: resume on any device, a phone that does everything, the player bar's small items. The demo
 * work RJ01362753 has two 8 s tracks with LRC subtitles (see player.spec.ts).
 */
const WORK = '/work/RJ01362753';
const FIRST = '01_はじめに.wav';
const SECOND = '02_おやすみなさい.wav';

const audioTime = (page: Page) =>
  page.evaluate(() => (document.querySelector('audio') as HTMLAudioElement | null)?.currentTime ?? 0);
const audioPaused = (page: Page) =>
  page.evaluate(() => (document.querySelector('audio') as HTMLAudioElement | null)?.paused ?? true);

async function playFirst(page: Page) {
  await page.getByText(FIRST, { exact: true }).click();
  await expect(page.getByTestId('player-title')).toHaveText(FIRST, { timeout: 20_000 });
  await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThan(0.3);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found, 'a bounding box').not.toBeNull();
  return found as Box;
};

/** The element's box once it has stopped moving (a drawer slides in). */
async function settledBox(locator: Locator): Promise<Box> {
  let last = await box(locator);
  await expect
    .poll(async () => {
      const next = await box(locator);
      const still = next.x === last.x && next.y === last.y;
      last = next;
      return still;
    })
    .toBe(true);
  return last;
}

/** A finger drag (Chromium's touch events, which also make the pointer events the grip listens to). */
async function touchDrag(page: Page, from: Locator, to: Locator) {
  await settledBox(from);
  const start = await box(from);
  const end = await box(to);
  const session = await page.context().newCDPSession(page);
  const point = (b: Box, dy = 0) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 + dy });
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(start)] });
  for (let step = 1; step <= 6; step++) {
    const y = point(start).y + ((point(end, 6).y - point(start).y) * step) / 6;
    await session.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: point(start).x, y }],
    });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}

test.describe('resume and the phone (issue 14)', () => {
  test.describe.configure({ timeout: 90_000 });
  test.use({ actionTimeout: 20_000 });

  test('a position saved on one device is offered on another, named, and one tap resumes there', {
    tag: DESKTOP_ONLY,
  }, async ({ page, browser }) => {
    const user = await registerUser(page, { path: WORK });
    await playFirst(page);
    await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThan(5.2);
    await page.getByTestId('player-bar').getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => audioPaused(page)).toBe(true);
    const stoppedAt = Math.floor(await audioTime(page));
    const time = `00:0${stoppedAt}`;

    // Another device: a fresh browser context, the same user.
    const other = await browser.newContext();
    const phone = await other.newPage();
    await loginAs(phone, user, WORK);
    const offer = phone.getByRole('button', { name: `Resume “${FIRST}” at ${time}` });
    await expect(offer).toBeVisible();
    // The track's row shows where it stopped.
    await expect(phone.getByText(`Stopped at ${time} · 00:08`)).toBeVisible();
    await offer.click();
    await expect(phone.getByTestId('player-title')).toHaveText(FIRST, { timeout: 20_000 });
    await expect.poll(() => audioTime(phone), { timeout: 20_000 }).toBeGreaterThanOrEqual(stoppedAt);

    // Favourites → History names the track.
    await phone.goto('/favourites/history');
    await expect(phone.getByRole('link', { name: new RegExp(`^Resume “${FIRST}” at`) })).toBeVisible();
    await other.close();
  });

  test('the desktop bar has time, seek bar and volume; Space after a player button plays or pauses', {
    tag: DESKTOP_ONLY,
  }, async ({ page }) => {
    await loginAs(page, 'admin', WORK);
    await playFirst(page);
    const bar = page.getByTestId('player-bar');
    await expect(bar.getByTestId('player-time')).toBeVisible();
    await expect(bar.getByRole('slider', { name: 'Seek' })).toBeVisible();
    await expect(bar.getByRole('slider', { name: 'Volume' })).toBeVisible();
    await bar.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('player-title')).toHaveText(SECOND);
    await expect.poll(() => audioPaused(page)).toBe(false);
    await page.keyboard.press(' ');
    await expect.poll(() => audioPaused(page)).toBe(true);
    // Still the second track: Space did not press "Next" again.
    await expect(page.getByTestId('player-title')).toHaveText(SECOND);
  });

  test('phone: the queue reorders by touch and by buttons; Back closes the queue, then the full player', async ({
    page,
  }) => {
    test.skip(!isPhone(), 'touch and Back-closes-drawers are the phone’s');
    await loginAs(page, 'admin', WORK);
    await playFirst(page);
    // Paused, so the track does not end (8 s) and re-render the queue while it is dragged.
    await page.getByTestId('player-bar').getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => audioPaused(page)).toBe(true);
    await page.getByRole('button', { name: 'Open the player' }).click();
    await expect(page.getByTestId('full-player')).toBeVisible();
    await page.getByTestId('full-player').getByRole('button', { name: 'Queue' }).click();
    const rows = page.getByTestId('queue-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(FIRST);

    await touchDrag(page, page.getByTestId('queue-handle').nth(0), rows.nth(1));
    await expect(rows.nth(0)).toContainText(SECOND);
    await expect(rows.nth(1)).toContainText(FIRST);
    await page.getByRole('button', { name: `Move “${FIRST}” up` }).tap();
    await expect(rows.nth(0)).toContainText(FIRST);
    // 40 px targets.
    const up = await box(page.getByRole('button', { name: `Move “${SECOND}” up` }));
    expect(Math.min(up.width, up.height)).toBeGreaterThanOrEqual(40);
    await screenshot(page, 'queue-touch');

    const url = page.url();
    await page.goBack();
    await expect(rows).toHaveCount(0);
    await expect(page.getByTestId('full-player')).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId('full-player')).toBeHidden();
    expect(page.url()).toBe(url);
    await expect(page.getByTestId('player-bar')).toBeVisible();
  });

  test('phone: no sideways overflow of the favourites tabs and states; floating bars do not overlap', async ({
    page,
  }) => {
    test.skip(!isPhone(), 'the phone’s layout');
    await registerUser(page, { path: '/favourites/progress' });
    await expect(page.getByRole('tab', { name: 'History' })).toBeVisible();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const viewport = page.viewportSize()?.width ?? 390;
    // Every tab and every state in sight, none scrolled or cut off.
    const states = page.getByRole('radiogroup', { name: 'Progress state' }).locator('label');
    await expect(states).toHaveCount(5);
    for (const locator of [...(await page.getByRole('tab').all()), ...(await states.all())]) {
      const found = await box(locator);
      expect(found.x).toBeGreaterThanOrEqual(0);
      expect(found.x + found.width).toBeLessThanOrEqual(viewport + 0.5);
    }
    await screenshot(page, 'favourites-progress');

    // The works list's controls (sort, page size, display modes) fit too.
    await page.goto('/works');
    await expect(page.getByRole('combobox', { name: 'Works per page' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);

    // The work page with the lyrics bar and the back-to-top button, scrolled to its end.
    await page.goto(WORK);
    await playFirst(page);
    await expect(page.getByTestId('lyrics-bar')).toBeVisible({ timeout: 10_000 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const top = page.getByRole('button', { name: 'Back to top' });
    await expect(top).toBeVisible();
    await page.waitForTimeout(400); // the button's slide-in transition
    const lyrics = await box(page.getByTestId('lyrics-bar'));
    const topButton = await box(top);
    const playerBar = await box(page.getByTestId('player-bar'));
    const files = await box(page.locator('#work-tree'));
    expect(overlaps(lyrics, topButton), 'lyrics bar and back-to-top').toBe(false);
    expect(overlaps(lyrics, playerBar), 'lyrics bar and player bar').toBe(false);
    expect(overlaps(topButton, playerBar), 'back-to-top and player bar').toBe(false);
    expect(overlaps(files, lyrics), 'the last rows and the lyrics bar').toBe(false);
    expect(overlaps(files, topButton), 'the last rows and back-to-top').toBe(false);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'work-floating');
  });
});
