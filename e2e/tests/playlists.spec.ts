import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_BASE_URL, expect, isPhone, registerUser, screenshot, test } from '../helpers';

/**
 * Playlists in Sasayaki's own web app (issue 13 part 3): a member creates one, adds works from their cards
 * and from a work page, reorders them (dragging a grip with the mouse, a finger's arrows on a phone),
 * plays the whole playlist through the player's queue; another member opens it by its link, read-only,
 * and likes it.
 */

interface ListedWork {
  id: number;
  source_id: string;
  title: string;
}

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

async function playlistWorks(request: APIRequestContext, token: string, id: string): Promise<ListedWork[]> {
  const response = await request.get(`${E2E_BASE_URL}/api/playlist/get-playlist-works?id=${id}`, auth(token));
  return ((await response.json()) as { works: ListedWork[] }).works;
}

/** Picks `name` in the open "Add to playlist" menu and waits for the server's answer. */
async function pickPlaylist(page: Page, name: string): Promise<void> {
  const added = page.waitForResponse((response) => response.url().includes('/add-works-to-playlist'));
  await page.getByRole('menuitem', { name }).click();
  expect((await added).ok()).toBeTruthy();
  await page.keyboard.press('Escape');
}

/** Adds the `index`th card's work through the card's playlist menu; returns the work's code. */
async function addFromCard(page: Page, index: number, name: string): Promise<string> {
  const card = page.getByRole('article').nth(index);
  const href = (await card.getByRole('link').first().getAttribute('href')) ?? '';
  await card.getByTestId('card-playlist-button').click();
  await pickPlaylist(page, name);
  return href.replace('/work/', '');
}

test.describe('playlists', () => {
  test.describe.configure({ timeout: 120_000 });

  test('create, add from cards and a work page, reorder, play all; another member likes it by its link', async ({
    page,
    browser,
  }) => {
    const owner = await registerUser(page, { path: '/favourites/folder' });
    const name = `Night ${isPhone() ? 'phone' : 'desktop'}`;

    // A public playlist, made in the folder view.
    await page.getByRole('button', { name: 'New playlist' }).click();
    const form = page.getByRole('dialog', { name: 'Playlist' });
    await form.getByLabel('Name').fill(name);
    await form.getByText('Public', { exact: true }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    const detail = page.getByTestId('playlist-detail');
    await expect(detail.getByRole('heading', { name })).toBeVisible();
    const listed = await page.request.get(`${E2E_BASE_URL}/api/playlist/get-playlists`, auth(owner.token));
    const playlists = ((await listed.json()) as { playlists: Array<{ id: string; name: string }> }).playlists;
    const id = playlists.find((playlist) => playlist.name === name)?.id as string;

    // Two works from their cards on the works list, a third from its work page.
    await page.goto('/works');
    const codes = [await addFromCard(page, 0, name), await addFromCard(page, 1, name)];
    const card = page.getByRole('article').nth(2);
    const third = ((await card.getByRole('link').first().getAttribute('href')) ?? '').replace('/work/', '');
    await page.goto(`/work/${third}`);
    await page.getByRole('button', { name: 'Add to playlist' }).click();
    await pickPlaylist(page, name);
    codes.push(third);
    const numeric = (code: string) => Number(code.replace(/^RJ/, ''));
    expect((await playlistWorks(page.request, owner.token, id)).map((work) => work.id)).toEqual(
      codes.map(numeric),
    );

    // Reorder in the folder view: the first work goes last.
    await page.goto('/favourites/folder');
    await page
      .getByRole('link', { name })
      .or(page.getByText(name, { exact: true }))
      .first()
      .click();
    const rows = detail.getByTestId('playlist-work');
    await expect(rows).toHaveCount(3);
    const moved = page.waitForResponse((response) => response.url().includes('/move-work'));
    if (isPhone()) {
      // A finger: the arrows, as the player's queue has them (dragging is tested with the mouse).
      await rows.nth(0).getByRole('button', { name: 'Move down' }).tap();
      expect((await moved).ok()).toBeTruthy();
      const again = page.waitForResponse((response) => response.url().includes('/move-work'));
      await rows.nth(1).getByRole('button', { name: 'Move down' }).tap();
      expect((await again).ok()).toBeTruthy();
    } else {
      const grip = await rows.nth(0).getByTestId('playlist-handle').boundingBox();
      const target = await rows.nth(2).boundingBox();
      if (!grip || !target) throw new Error('rows are not laid out');
      await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
      await page.mouse.down();
      await page.mouse.move(grip.x + grip.width / 2, target.y + target.height / 2, { steps: 8 });
      await page.mouse.up();
      expect((await moved).ok()).toBeTruthy();
    }
    const reordered = [codes[1], codes[2], codes[0]].map((code) => numeric(code as string));
    await expect
      .poll(async () => (await playlistWorks(page.request, owner.token, id)).map((work) => work.id))
      .toEqual(reordered);
    await expect(rows.first()).toContainText(
      (await playlistWorks(page.request, owner.token, id))[0]?.title as string,
    );
    await screenshot(page, 'playlist-mine');

    // Play all: the queue holds the works' audio in the playlist's order, the first track plays.
    await detail.getByRole('button', { name: 'Play all' }).click();
    await expect(page.getByTestId('player-title')).toBeVisible({ timeout: 20_000 });
    const queuedWorks = () =>
      page.evaluate(() => {
        const saved = JSON.parse(localStorage.getItem('sasayaki.player') ?? '{}') as {
          queue?: Array<{ workId: number }>;
        };
        return [...new Set((saved.queue ?? []).map((item) => item.workId))];
      });
    await expect.poll(queuedWorks).toEqual(reordered);
    await expect
      .poll(async () => {
        const response = await page.request.get(
          `${E2E_BASE_URL}/api/playlist/get-playlist-metadata?id=${id}`,
          auth(owner.token),
        );
        return ((await response.json()) as { playback_count: number }).playback_count;
      })
      .toBe(1);

    // Another member opens it by its link: read-only, and likes it.
    const context = await browser.newContext({
      baseURL: E2E_BASE_URL,
      locale: 'en-GB',
      viewport: page.viewportSize(),
      ...(isPhone() && { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
    });
    const other = await context.newPage();
    const liker = await registerUser(other, { path: `/playlists/${id}` });
    const theirs = other.getByTestId('playlist-detail');
    await expect(theirs.getByRole('heading', { name })).toBeVisible();
    await expect(theirs.getByTestId('playlist-work')).toHaveCount(3);
    await expect(theirs.getByTestId('playlist-handle')).toHaveCount(0);
    await expect(theirs.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await theirs.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(theirs.getByRole('button', { name: 'Unlike' })).toBeVisible();
    await expect(theirs.getByTestId('playlist-counts')).toContainText('1 likes');
    const liked = await other.request.get(
      `${E2E_BASE_URL}/api/playlist/get-liked-status?id=${id}`,
      auth(liker.token),
    );
    expect(((await liked.json()) as { liked: boolean }).liked).toBe(true);
    await screenshot(other, 'playlist-theirs');
    await context.close();
  });
});
