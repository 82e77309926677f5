import type { Page, Route } from '@playwright/test';
import { expect, loginAs, primeStorage, test } from '../helpers';

/**
 * Language editions in the browser. The demo library has no translated works, so the server's answers
 * are given editions on their way (page.route): what is checked is the app's part, the work page's
 * "Also in your library" line and the folded card's chips; the server's linking has its integration tests.
 */
const WORK = 'RJ363008';
const ENGLISH = { id: 685568, source_id: 'RJ685568', title: 'English edition' };

const editionsOf = () => [
  { ...ENGLISH, lang: 'ENG', is_original: false, source_type: 'DLSITE' },
  {
    id: 999999,
    source_id: 'RJ999999',
    title: 'Chinese edition',
    lang: 'CHI_HANS',
    is_original: false,
    source_type: 'DLSITE',
  },
];

async function withEditions(route: Route, edit: (body: Record<string, unknown>) => void): Promise<void> {
  const response = await route.fetch();
  const body = (await response.json()) as Record<string, unknown>;
  edit(body);
  await route.fulfill({ response, json: body });
}

async function giveWorkEditions(page: Page): Promise<void> {
  await page.route(`**/api/work/${WORK}`, (route) =>
    withEditions(route, (work) => {
      work.other_language_editions_in_db = editionsOf();
    }),
  );
}

test.describe('language editions', () => {
  test('the work page says which editions are in the library, each opening its work', async ({ page }) => {
    await giveWorkEditions(page);
    await loginAs(page, 'guest', `/work/${WORK}`);
    const line = page.getByText(/^Also in your library:/);
    await expect(line).toHaveText('Also in your library: English, Simplified Chinese');
    await line.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(new RegExp(`/work/${ENGLISH.source_id}$`));
  });

  test('one card per work: the list asks for folded translations and the card links to each edition', async ({
    page,
  }) => {
    const asked: URL[] = [];
    await page.route('**/api/works?*', (route) => {
      asked.push(new URL(route.request().url()));
      return withEditions(route, (envelope) => {
        const [first] = envelope.works as Array<Record<string, unknown>>;
        if (first) first.other_language_editions_in_db = editionsOf();
      });
    });
    await primeStorage(page, { 'sasayaki.foldEditions': '1', displayMode: 'detail' });
    await loginAs(page, 'guest', '/works');
    const chips = page.getByRole('list', { name: 'Language editions' }).first();
    await expect(chips.getByRole('link', { name: 'English' })).toHaveAttribute(
      'href',
      `/work/${ENGLISH.source_id}`,
    );
    expect(asked.at(-1)?.searchParams.get('includeTranslationWorks')).toBe('false');
  });
});
