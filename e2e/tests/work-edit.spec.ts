import type { APIRequestContext, Page } from '@playwright/test';
import {
  E2E_BASE_URL,
  expect,
  expectNotice,
  isPhone,
  loginAs,
  recordNotices,
  registerUser,
  screenshot,
  test,
  tokenFor,
} from '../helpers';

/** Works other specs look at closely: the edits here stay off them. */
const USED_ELSEWHERE = new Set([1009085, 1337578, 1362753, 205464, 363008, 685568]);
const EDITED_FIELDS = ['title', 'circle', 'tags', 'release'];

interface ListedWork {
  id: number;
  source_id: string;
  title: string;
}

/** A work of its own for each project (they run side by side on one server), picked from the demo library. */
async function pickWork(request: APIRequestContext, token: string): Promise<ListedWork> {
  const response = await request.get(`${E2E_BASE_URL}/api/works?order=id&sort=asc&pageSize=100`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { works } = (await response.json()) as { works: ListedWork[] };
  const free = works.filter((work) => !USED_ELSEWHERE.has(work.id));
  return free[isPhone() ? 21 : 20] as ListedWork;
}

async function revertAll(request: APIRequestContext, token: string, work: ListedWork): Promise<void> {
  for (const field of EDITED_FIELDS)
    await request.delete(`${E2E_BASE_URL}/api/admin/works/${work.source_id}/metadata/${field}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
}

const editDialog = (page: Page) => page.getByRole('dialog', { name: 'Edit metadata' });

test.describe('the Edit dialog', () => {
  test('an administrator edits title, circle, a new tag and the release, sees them, and reverts one', async ({
    page,
  }) => {
    const token = await tokenFor(page.request, 'admin');
    const work = await pickWork(page.request, token);
    const suffix = isPhone() ? 'phone' : 'desktop';
    const title = `Edited by hand ${suffix}`;
    const tag = { ja: `手編集タグ${suffix}`, en: `Hand tag ${suffix}`, zh: `手动标签${suffix}` };
    await revertAll(page.request, token, work);
    try {
      await recordNotices(page);
      await loginAs(page, 'admin', `/work/${work.source_id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(work.title);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const dialog = editDialog(page);
      await expect(dialog.getByText(/^Source: /).first()).toBeVisible();
      if (isPhone()) {
        // A full-screen sheet on phones.
        const box = await dialog.boundingBox();
        expect(box?.width).toBe(390);
      }

      await dialog.getByLabel('Title', { exact: true }).fill(title);
      await dialog.getByRole('combobox', { name: 'Circle', exact: true }).fill(`Hand Circle ${suffix}`);
      await dialog.getByRole('button', { name: 'New tag' }).click();
      await dialog.getByLabel('Japanese', { exact: true }).fill(tag.ja);
      await dialog.getByLabel('English', { exact: true }).fill(tag.en);
      await dialog.getByLabel('Chinese (simplified)', { exact: true }).fill(tag.zh);
      await dialog.getByRole('button', { name: 'Add tag' }).click();
      await expect(dialog.getByText(`${tag.ja} · ${tag.en} · ${tag.zh}`)).toBeVisible();
      await dialog.getByLabel('Release date').fill('2024-05-01');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectNotice(page, 'Metadata saved');
      await expect(dialog).toBeHidden();

      // The work page shows the new values at once.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('link', { name: `Hand Circle ${suffix}` })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Tags' })).toContainText(tag.en);
      await expect(page.getByText('Released 2024-05-01')).toBeVisible();

      // So does the list.
      await page.goto(`/works?keyword=${encodeURIComponent(title)}`);
      await expect(page.getByRole('link', { name: title }).first()).toBeVisible();

      // Revert the title: the sidecar's title is back; the other edits stay.
      await page.goto(`/work/${work.source_id}`);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue(title);
      await screenshot(page, 'work-edit');
      await dialog.getByRole('button', { name: /^Revert to .*: Title$/ }).click();
      await expectNotice(page, 'Reverted to the sources’ value');
      await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue(work.title);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(work.title);
      await expect(page.getByRole('link', { name: `Hand Circle ${suffix}` })).toBeVisible();
    } finally {
      await revertAll(page.request, token, work);
    }
  });

  test('a member sees no Edit button', async ({ page }) => {
    const token = await tokenFor(page.request, 'admin');
    const work = await pickWork(page.request, token);
    await registerUser(page, { path: `/work/${work.source_id}` });
    await expect(page.getByRole('button', { name: 'Write a review' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  });
});
