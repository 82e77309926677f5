import type { Page } from '@playwright/test';
import { DESKTOP_ONLY, expect, loginAs, primeLook, screenshot, test } from '../helpers';

/**
 * The works list on the demo library (60 works, 50 with subtitles, twelve to a page). Read-only: the
 * guest is enough. RJ codes and counts below are the demo generator's (fixed seed).
 */

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search works' });
/** The list has finished fetching (the page's stack is aria-busy while a page loads). */
const settled = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

test.describe('works list', () => {
  test('three display modes, remembered in displayMode', async ({ page }) => {
    await loginAs(page, 'guest', '/works');
    await expect(heading(page)).toHaveText('All works');
    await expect(page.getByText('60 works', { exact: true })).toBeVisible();
    const modes = page.getByRole('group', { name: 'Display mode' });
    // Details is the default: rich cards with tags and voice actors.
    await expect(modes.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-mode="detail"] article')).toHaveCount(12);
    await expect(page.getByRole('list', { name: 'Tags' }).first()).toBeVisible();
    await screenshot(page, 'works-detail');

    await modes.getByRole('button', { name: 'Covers' }).click();
    await expect(page.locator('[data-mode="thumbnail"] a[href^="/work/RJ"]')).toHaveCount(12);
    await expect(page.getByRole('article')).toHaveCount(0);
    expect(await stored(page, 'displayMode')).toBe('thumbnail');
    await screenshot(page, 'works-thumbnail');

    await modes.getByRole('button', { name: 'List' }).click();
    await expect(page.getByRole('article')).toHaveCount(12);
    await expect(page.locator('[data-mode="detail"], [data-mode="thumbnail"]')).toHaveCount(0);
    expect(await stored(page, 'displayMode')).toBe('list');
    await page.reload();
    await expect(modes.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article')).toHaveCount(12);
    await screenshot(page, 'works-list');
    // The guest is told about its rate limit.
    await expect(page.getByText(/^Tip: If you use guest login/)).toBeVisible();
  });

  test('sort (sortOption) resets to page 1; pages, quick jump, subtitles, page size, back from a work', {
    tag: DESKTOP_ONLY,
  }, async ({ page }) => {
    await loginAs(page, 'guest', '/works');
    await expect(pager(page)).toBeVisible();
    await expect(pager(page).getByText('of 5')).toBeVisible();
    await pager(page).getByRole('button', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/\/works\?page=2$/);
    await expect(page.getByText('END', { exact: true })).toHaveCount(0);

    // Quick jump to the last page: the END marker.
    await pager(page).getByRole('textbox', { name: 'Go to page' }).fill('5');
    await pager(page).getByRole('button', { name: 'Go', exact: true }).click();
    await expect(page).toHaveURL(/page=5/);
    await expect(page.getByText('END', { exact: true })).toBeVisible();

    // A new sort is stored and goes back to page 1.
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await sort.selectOption({ label: 'RJ code: low to high' });
    await expect(page).toHaveURL(/\/works$/);
    const articles = page.getByRole('article');
    await expect(articles.first()).toContainText('RJ205464');
    expect(JSON.parse((await stored(page, 'sortOption')) ?? 'null')).toEqual({
      label: 'idAsc',
      order: 'id',
      sort: 'asc',
    });

    // Page 3 in this order starts at the 25th code; a work and Back return to the same page.
    await pager(page).getByRole('textbox', { name: 'Go to page' }).fill('3');
    await pager(page).getByRole('textbox', { name: 'Go to page' }).press('Enter');
    await expect(page).toHaveURL(/page=3/);
    await expect(articles.first()).toContainText('RJ01337578');
    await settled(page);
    await articles.nth(1).getByRole('link', { name: '雪の日のこたつと耳かき' }).last().click();
    await expect(page).toHaveURL(/\/work\/RJ01362753$/);
    await expect(heading(page)).toHaveText('雪の日のこたつと耳かき');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/works\?page=3$/);
    await expect(articles.first()).toContainText('RJ01337578');
    await expect(pager(page).getByRole('button', { name: '3', exact: true })).toHaveAttribute(
      'data-active',
      'true',
    );

    // The subtitle filter (a zh-CN box, spec section 2) is in the URL; the sort survives a reload. In
    // another language the box shows only while the filter is on, so it can be turned off. Its companion,
    // 'Translations' (works the metadata calls translations), shows in every language.
    await expect(page.getByRole('checkbox', { name: 'Translated / with subtitles' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Translations' })).not.toBeChecked();
    await page.goto('/works?subtitle=1');
    await expect(page.getByText('50 works', { exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Translated / with subtitles' })).toBeChecked();
    await expect(sort).toHaveValue('idAsc');
    await expect(articles.first()).toContainText('RJ205464');
    await page.getByRole('checkbox', { name: 'Translated / with subtitles' }).click();
    await expect(page).toHaveURL(/\/works$/);
    await expect(page.getByText('60 works', { exact: true })).toBeVisible();

    // 24 works a page, kept across a reload.
    await page.getByRole('combobox', { name: 'Works per page' }).selectOption('24');
    await expect(articles).toHaveCount(24);
    await expect(pager(page).getByText('of 3')).toBeVisible();
    await page.reload();
    await expect(articles).toHaveCount(24);
    await page.getByRole('combobox', { name: 'Works per page' }).selectOption('12');
    await expect(articles).toHaveCount(12);
  });

  test('search by word, tag and RJ code; titles per source', async ({ page }) => {
    await loginAs(page, 'guest', '/works');
    await expect(page.getByText('60 works', { exact: true })).toBeVisible();

    // A word: debounced, then kept in the URL (not asserted before the debounce: on a loaded machine it
    // may fire before the first look at the URL).
    await searchBox(page).fill('耳かき');
    await expect(page).toHaveURL(/\/works\?keyword=%E8%80%B3%E3%81%8B%E3%81%8D$/);
    await expect(heading(page)).toHaveText('Search: 耳かき');
    await expect(page.getByText('10 works', { exact: true })).toBeVisible();

    // The tag syntax, by its English name.
    await searchBox(page).fill('$tag:Ear cleaning$');
    await expect(heading(page)).toHaveText('Search: $tag:Ear cleaning$');
    await expect(page.getByText('10 works', { exact: true })).toBeVisible();

    // An RJ code finds its work; the box and the list survive a reload.
    await searchBox(page).fill('RJ01009085');
    await expect(page).toHaveURL(/keyword=RJ01009085$/);
    await expect(page.getByText('1 work', { exact: true })).toBeVisible();
    await page.reload();
    await expect(searchBox(page)).toHaveValue('RJ01009085');
    const card = page.getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('きつね巫女の癒し神社');

    // A tag chip, a voice actor chip and the circle link open their lists, titled by name.
    await card
      .getByRole('list', { name: 'Tags' })
      .getByRole('listitem')
      .filter({ hasText: 'Healing' })
      .click();
    await expect(page).toHaveURL(/\/works\?tagId=482$/);
    await expect(heading(page)).toHaveText('Works tagged Healing');
    await expect(page.getByText('7 works', { exact: true })).toBeVisible();
    await expect(searchBox(page)).toHaveValue('');
    await page.goBack();
    await expect(page.getByRole('article')).toHaveCount(1);
    await card.getByRole('link', { name: 'ひだまり工房' }).click();
    await expect(heading(page)).toHaveText('Works by ひだまり工房');
    await expect(page.getByText('6 works', { exact: true })).toBeVisible();
    await page.goBack();
    await card.getByRole('list', { name: 'Voice actors' }).getByText('桜井みなせ').click();
    await expect(page).toHaveURL(/vaId=/);
    await expect(heading(page)).toHaveText('Works voiced by 桜井みなせ');
    await expect(page.getByText('5 works', { exact: true })).toBeVisible();

    // Nothing found: the empty state; clearing the box goes back to all works.
    await searchBox(page).fill('no-such-word-at-all');
    await expect(page.getByText('Nothing matches “no-such-word-at-all”.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/works$/);
    await expect(heading(page)).toHaveText('All works');
  });

  test('works in Japanese dark and in Chinese', async ({ page }) => {
    await primeLook(page, { lang: 'ja', dark: true });
    await loginAs(page, 'guest', '/works');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(heading(page)).toHaveText('すべての作品');
    await expect(page.getByText('60 作品', { exact: true })).toBeVisible();
    // The subtitle box is for zh-CN readers only; the translations box is for everyone.
    await expect(page.getByRole('checkbox', { name: '翻訳・字幕あり' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: '翻訳版' })).toBeVisible();
    await expect(page.locator('[data-mode="detail"] article')).toHaveCount(12);
    await screenshot(page, 'works-ja-dark');

    await primeLook(page, { lang: 'zh-CN', dark: false });
    await page.goto('/works?tagId=164');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(heading(page)).toHaveText('标签为 掏耳朵 的作品');
    await expect(page.getByText('共 10 部作品', { exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: '翻译 / 带字幕' })).not.toBeChecked();
    // Tag chips are in the reader's language.
    await expect(page.getByRole('listitem').filter({ hasText: '掏耳朵' }).first()).toBeVisible();
    await page.getByRole('group', { name: '显示方式' }).getByRole('button', { name: '缩略图' }).click();
    await expect(page.locator('[data-mode="thumbnail"] a[href^="/work/RJ"]')).toHaveCount(10);
    await screenshot(page, 'works-zh-CN');
  });
});
