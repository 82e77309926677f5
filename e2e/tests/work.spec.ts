import type { Page } from '@playwright/test';
import {
  DESKTOP_ONLY,
  expect,
  expectNotice,
  loginAs,
  primeLook,
  recordNotices,
  registerUser,
  screenshot,
  test,
} from '../helpers';

/**
 * The work page on the demo library. RJ363008 (no test rates it) has two folders (SE有り, SE無し), a
 * Shift-JIS 説明.txt and three images at its root; reviews are written on RJ685568 by a fresh user.
 */
const WORK = '/work/RJ363008';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const tree = (page: Page) => page.getByRole('region', { name: 'Files' });
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Folder path' });

test.describe('work page', () => {
  test('fields, folders in the URL (Back walks up), text viewer and image lightbox', async ({ page }) => {
    await loginAs(page, 'guest', WORK);
    await expect(heading(page)).toHaveText('お姉さんの添い寝子守唄');
    await expect(page).toHaveTitle(/^RJ363008 お姉さんの添い寝子守唄/);
    await expect(page.getByText('RJ363008', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Moonlit Whisper' })).toHaveAttribute(
      'href',
      '/works?circleId=31562',
    );
    await expect(page.getByLabel('Average rating 4.00 of 5')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open on DLsite' })).toHaveAttribute(
      'href',
      /product_id\/RJ363008\.html$/,
    );
    await expect(page.getByText(/^[¥￥]990$/)).toBeVisible();
    await expect(page.getByText('419 sold')).toBeVisible();
    await expect(page.getByText('Released 2019-05-19')).toBeVisible();
    await expect(page.getByText('Total length 00:36')).toBeVisible();
    await expect(page.getByText('All ages', { exact: true })).toBeVisible();
    await expect(page.getByText('Subtitles', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Tags' })).toContainText('Older sister');
    await expect(page.getByRole('list', { name: 'Voice actors' }).getByRole('listitem')).toHaveText([
      '如月なぎさ',
      '秋野かえで',
    ]);
    // The guest cannot mark, review or send feedback.
    await expect(page.getByRole('button', { name: 'Write a review' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Listening progress' })).toBeDisabled();
    await expect(page.getByText(/^Register your own account to keep progress/)).toBeVisible();
    await screenshot(page, 'work');

    // Folders: each level is a history entry (?path=[...]), so Back walks up.
    await tree(page).getByRole('button', { name: 'SE有り', exact: true }).click();
    await expect(page).toHaveURL(/\?path=%5B%22SE%E6%9C%89%E3%82%8A%22%5D$/);
    await expect(crumbs(page).getByText('SE有り')).toHaveAttribute('aria-current', 'location');
    await expect(tree(page).getByRole('button', { name: 'Play 01_はじめに.wav' })).toBeVisible();
    await expect(tree(page).getByRole('button', { name: '01_はじめに.lrc', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${WORK}$`));
    await expect(crumbs(page)).toHaveCount(0);
    await tree(page).getByRole('button', { name: 'SE無し', exact: true }).click();
    await expect(tree(page).getByRole('button', { name: 'Play 02_おやすみなさい.wav' })).toBeVisible();
    await crumbs(page).getByRole('button', { name: 'All files' }).click();
    await expect(tree(page).getByRole('button', { name: 'SE有り', exact: true })).toBeVisible();

    // A Shift-JIS text file, decoded.
    await tree(page).getByRole('button', { name: '説明.txt', exact: true }).click();
    const viewer = page.getByRole('dialog', { name: '説明.txt' });
    await expect(viewer).toContainText('この作品はデモ用に自動生成された音声です。');
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toHaveCount(0);

    // The folder's images in a lightbox: buttons and arrow keys move through them.
    await tree(page).getByRole('button', { name: 'sample1.png', exact: true }).click();
    const lightbox = page.getByRole('dialog');
    await expect(lightbox).toContainText('2 / 3 · sample1.png');
    await expect(lightbox.getByRole('img', { name: 'sample1.png' })).toBeVisible();
    await lightbox.getByRole('button', { name: 'Next image' }).click();
    await expect(lightbox).toContainText('3 / 3 · sample2.png');
    await page.keyboard.press('ArrowRight');
    await expect(lightbox).toContainText('1 / 3 · main.jpg');
    await expect
      .poll(() =>
        lightbox
          .getByRole('img', { name: 'main.jpg' })
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'work-lightbox');
    await lightbox.getByRole('button', { name: 'Close' }).click();
    await expect(lightbox).toHaveCount(0);
  });

  test('progress, a review saved then deleted, feedback sent', async ({ page }) => {
    await recordNotices(page);
    await registerUser(page, { path: '/work/RJ685568' });
    await expect(heading(page)).toHaveText('幼なじみと雨宿り ～二人だけの時間～');

    // The progress dropdown: a check marks the chosen state.
    const progress = page.getByRole('button', { name: 'Listening progress' });
    await expect(progress).toHaveText('Set progress');
    await progress.click();
    await page.getByRole('menuitem', { name: 'Listening' }).click();
    await expect(progress).toHaveText('Listening');
    await progress.click();
    await expect(page.getByRole('menuitem', { name: 'Listening' })).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Escape');

    // Write a review: half stars, progress, text.
    await page.getByRole('button', { name: 'Write a review' }).click();
    let dialog = page.getByRole('dialog', { name: 'Write a review' });
    await expect(dialog.getByRole('checkbox', { name: 'Listening' })).toBeChecked();
    await expect(dialog.getByText('Not rated')).toBeVisible();
    await dialog.getByRole('radio', { name: '3.5 stars' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('3.5 / 5')).toBeVisible();
    await dialog.getByText('Listened', { exact: true }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Listened' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Listening' })).not.toBeChecked();
    await dialog.getByRole('textbox', { name: 'Your review' }).fill('Rain and a quiet voice: lovely.');
    await screenshot(page, 'review-dialog');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(progress).toHaveText('Listened');
    await expect(page.locator('[title="Your rating: 3.5"]')).toBeAttached();

    // Written, the button edits it: it opens again with the saved values; delete asks yes/no in its
    // own dialog.
    await expect(page.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit your review' }).click();
    dialog = page.getByRole('dialog', { name: 'Write a review' });
    await expect(dialog.getByText('3.5 / 5')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Your review' })).toHaveValue(
      'Rain and a quiet voice: lovely.',
    );
    await expect(dialog.getByRole('checkbox', { name: 'Listened' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Delete marker' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete marker' });
    await expect(confirm).toContainText('Delete your rating, review and progress for this work?');
    await confirm.getByRole('button', { name: 'No', exact: true }).click();
    await expect(confirm).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete marker' }).click();
    await confirm.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(progress).toHaveText('Set progress');
    await expect(page.locator('[title^="Your rating"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Write a review' })).toBeVisible();

    // Feedback: both fields are required, then thanks.
    await page.getByRole('button', { name: 'Feedback' }).click();
    const feedback = page.getByRole('dialog', { name: 'Feedback' });
    await feedback.getByRole('button', { name: 'Submit' }).click();
    await expect(feedback.getByRole('textbox', { name: 'Please tell us the details' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await feedback.getByRole('combobox', { name: 'What problems have you encountered?' }).click();
    await page.getByRole('option', { name: 'Cannot be played' }).click();
    await feedback.getByRole('textbox', { name: 'Please tell us the details' }).fill('Track 2 stops early.');
    await feedback.getByRole('button', { name: 'Submit' }).click();
    await expect(feedback).toHaveCount(0);
    await expectNotice(page, 'Thank you for your feedback');
  });

  test('an unknown RJ code is the 404 page', { tag: DESKTOP_ONLY }, async ({ page }) => {
    await loginAs(page, 'guest', '/work/RJ999999');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/work/not-a-code');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  });

  test('the work page in Japanese dark and in Chinese', async ({ page }) => {
    await primeLook(page, { lang: 'ja', dark: true });
    await loginAs(page, 'admin', WORK);
    await expect(page.getByRole('heading', { name: 'ファイル', level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'レビューを書く' })).toBeEnabled();
    await expect(page.getByRole('button', { name: '視聴状況' })).toHaveText('視聴状況を設定');
    await expect(page.getByText('全年齢', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'タグ' })).toContainText('お姉さん');
    await screenshot(page, 'work-ja-dark');

    await primeLook(page, { lang: 'zh-CN', dark: false });
    await page.goto(`${WORK}?path=${encodeURIComponent(JSON.stringify(['SE有り']))}`);
    await expect(page.getByRole('heading', { name: '文件', level: 2 })).toBeVisible();
    await expect(page.getByRole('list', { name: '标签' })).toContainText('大姐姐');
    await expect(page.getByRole('navigation', { name: '文件夹路径' })).toContainText('全部文件');
    await expect(page.getByRole('button', { name: '播放 01_はじめに.wav' })).toBeVisible();
    await expect(page.getByText('发售于 2019-05-19')).toBeVisible();
    await screenshot(page, 'work-zh-CN');
  });
});
