import type { Page } from '@playwright/test';
import { DESKTOP_ONLY, E2E_BASE_URL, expect, primeLook, registerUser, screenshot, test } from '../helpers';

/**
 * My favourites for a fresh user who marked five works (one per progress state) in three circles, set
 * through the API; the views filter and group them and edit them inline.
 */
const MARKS = [
  { work_id: 205464, title: '耳かきとおやすみの時間', progress: 'marked', rating: 4.5, text: 'Calm.' },
  { work_id: 944229, title: '【睡眠導入】波の音とおやすみなさい', progress: 'listening', rating: 3 },
  { work_id: 743242, title: '京都弁お姉さんの耳かき屋さん', progress: 'listened', rating: 5 },
  { work_id: 1009085, title: 'きつね巫女の癒し神社', progress: 'replay', rating: null },
  { work_id: 1487318, title: '夏の縁側 ～風鈴と昼寝～', progress: 'postponed', rating: 2 },
] as const;

const STATES = [
  ['marked', 'Want to listen'],
  ['listening', 'Listening'],
  ['listened', 'Listened'],
  ['replay', 'Listen again'],
  ['postponed', 'On hold'],
] as const;

async function markWorks(page: Page, user: { name: string; token: string }) {
  for (const mark of MARKS) {
    const response = await page.request.put(`${E2E_BASE_URL}/api/review?starOnly=false`, {
      headers: { Authorization: `Bearer ${user.token}` },
      data: {
        user_name: user.name,
        work_id: mark.work_id,
        rating: mark.rating,
        review_text: 'text' in mark ? mark.text : null,
        progress: mark.progress,
      },
    });
    expect(response.ok(), `marking ${mark.work_id}`).toBeTruthy();
  }
}

const cards = (page: Page) => page.getByRole('article');

test.describe('favourites', () => {
  test('review and progress views filter by state; inline stars and progress', async ({ page }) => {
    const user = await registerUser(page, { path: '/favourites' });
    await markWorks(page, user);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My favourites' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'My reviews' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('5 works', { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(5);
    await expect(page.getByText('Calm.', { exact: true })).toBeVisible();
    await screenshot(page, 'favourites-review');

    // The progress view, one state at a time (marked by default).
    await page.getByRole('tab', { name: 'My progress' }).click();
    await expect(page).toHaveURL(/\/favourites\/progress\/marked$/);
    const states = page.getByRole('radiogroup', { name: 'Progress state' });
    for (const [state, label] of STATES) {
      await states.getByText(label, { exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/favourites/progress/${state}$`));
      const mark = MARKS.find((candidate) => candidate.progress === state);
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page)).toContainText(mark?.title ?? '?');
    }

    // Inline: the 'On hold' work becomes 'Listen again'; it leaves this list and joins that one.
    await page
      .getByRole('group', { name: 'Listening progress' })
      .getByText('Listen again', { exact: true })
      .click();
    await expect(page.getByText('No works are marked "On hold" yet.')).toBeVisible();
    await states.getByText('Listen again', { exact: true }).click();
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByText('2 works', { exact: true })).toBeVisible();
    await screenshot(page, 'favourites-progress');

    // Inline stars (a rating-only save) on the 'Want to listen' work: 4.5 becomes 2.
    await page.goto('/favourites/progress/marked');
    await expect(cards(page)).toHaveCount(1);
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/review') && response.request().method() === 'PUT',
    );
    await page.getByRole('radio', { name: '2 stars' }).focus();
    await page.keyboard.press('Enter');
    expect((await saved).ok()).toBeTruthy();
    await expect(page.getByRole('radio', { name: '2 stars' })).toBeChecked();
    // Saved on the server: still there after a reload.
    await page.reload();
    await expect(page.getByRole('radio', { name: '2 stars' })).toBeChecked();
  });

  test('the folder view groups by circle', { tag: DESKTOP_ONLY }, async ({ page }) => {
    const user = await registerUser(page, { path: '/favourites/folder' });
    await markWorks(page, user);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'By circle' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('5 works in 2 circles')).toBeVisible();
    // ひだまり工房 (3) and ささやき屋 (2), by name; few groups start open.
    const groups = page.locator('.mantine-Accordion-control');
    await expect(groups).toHaveCount(2);
    await expect(groups.nth(0)).toContainText('ささやき屋2');
    await expect(groups.nth(1)).toContainText('ひだまり工房3');
    const work = page.getByRole('link', { name: 'きつね巫女の癒し神社' }).last();
    await expect(work).toBeVisible();
    await expect(page.getByText('Not rated', { exact: true })).toBeVisible();
    await screenshot(page, 'favourites-folder');
    await page.getByRole('button', { name: 'Collapse all' }).click();
    await expect(work).toBeHidden();
    await groups.nth(1).click();
    await expect(work).toBeVisible();
    await page.getByRole('link', { name: 'All works by this circle' }).click();
    await expect(page).toHaveURL(/\/works\?circleId=20417$/);
  });

  test('favourites in Chinese', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await primeLook(page, { lang: 'zh-CN' });
    const user = await registerUser(page, { path: '/favourites/progress/listened' });
    await markWorks(page, user);
    await page.reload();
    await expect(page.getByRole('heading', { name: '我的收藏' })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: '进度状态' })).toBeVisible();
    await expect(cards(page)).toContainText('京都弁お姉さんの耳かき屋さん');
    await screenshot(page, 'favourites-zh-CN');
  });
});
