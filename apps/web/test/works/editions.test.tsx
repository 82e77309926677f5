import type { Work } from '@sasayaki/api-contract';
import { act, configure, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { AlsoInLibrary } from '../../src/components/work/editions';
import { WorkCard } from '../../src/components/work/WorkCard';
import { renderWithProviders } from '../render';
import { makeWork } from './fixtures';

configure({ asyncUtilTimeout: 20_000 });

const edition = (id: number, lang: string | null): Work['other_language_editions_in_db'][number] => ({
  id,
  lang,
  title: `Edition ${id}`,
  source_id: `RJ${String(id).padStart(6, '0')}`,
  is_original: false,
  source_type: 'DLSITE',
});
const withEditions = makeWork(100, {
  other_language_editions_in_db: [edition(101, 'ENG'), edition(102, 'CHI_HANS'), edition(103, 'XYZ')],
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('language editions', { timeout: 60_000 }, () => {
  it("the card's chips name each edition's language and open it", async () => {
    renderWithProviders(<WorkCard work={withEditions} />);
    const list = await screen.findByRole('list', { name: 'Language editions' });
    const links = [...list.querySelectorAll('a')].map((link) => [
      link.textContent,
      link.getAttribute('href'),
    ]);
    // A language the app has no name for shows as DLsite's code.
    expect(links).toEqual([
      ['English', '/work/RJ000101'],
      ['Simplified Chinese', '/work/RJ000102'],
      ['XYZ', '/work/RJ000103'],
    ]);
  });

  it('a work without other editions in the library shows neither chips nor the line', async () => {
    renderWithProviders(
      <>
        <WorkCard work={makeWork(5)} />
        <AlsoInLibrary work={makeWork(5)} />
      </>,
    );
    await screen.findByText('Work 5');
    expect(screen.queryByRole('list', { name: 'Language editions' })).toBeNull();
    expect(screen.queryByText(/Also in your library/)).toBeNull();
  });

  it("the work page's line says 'Also in your library' with the languages in the reader's language", async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    renderWithProviders(<AlsoInLibrary work={withEditions} />);
    const line = await screen.findByText(/库中还有/);
    expect(line.textContent).toBe('库中还有： 英语、简体中文、XYZ');
    expect(screen.getByRole('link', { name: '简体中文' }).getAttribute('href')).toBe('/work/RJ000102');
    await act(() => i18n.changeLanguage('ja'));
    expect((await screen.findByText(/ライブラリ内の他の言語版/)).textContent).toContain('英語、簡体中文');
  });
});
