import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SORT_OPTION,
  PAGE_SIZES,
  readPageSize,
  useListPreferences,
} from '../../src/features/works/list-state';
import WorksPage from '../../src/features/works/WorksPage';
import { useEditionFolding } from '../../src/lib/edition-folding';
import { renderWithProviders } from '../render';
import { envelope, json } from './fixtures';

// The machine is shared and jsdom is slow: give renders time.
configure({ asyncUtilTimeout: 20_000 });

let requests: URL[] = [];
let group = 'user';

beforeEach(() => {
  localStorage.clear();
  // Covers are the cheapest mode to render; the detail cards have their own test.
  useListPreferences.setState({
    displayMode: 'thumbnail',
    sort: DEFAULT_SORT_OPTION,
    pageSize: PAGE_SIZES[0],
  });
  useEditionFolding.setState({ fold: false });
  requests = [];
  group = 'user';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/auth/me')
        return json({ user: { name: 'someone', group }, auth: true, reg: true });
      requests.push(url);
      if (url.pathname === '/api/tags/5')
        return json({ id: 5, name: '癒し', i18n: { 'en-us': { name: 'Healing' } } });
      if (url.pathname === '/api/search/nothing')
        return json({ works: [], pagination: { currentPage: 1, pageSize: 12, totalCount: 0 } });
      const page = Number(url.searchParams.get('page') ?? 1);
      return json(envelope(page, 60, page === 5 ? 12 : 12));
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const lastList = () =>
  [...requests]
    .reverse()
    .find((url) => url.pathname.endsWith('works') || url.pathname.startsWith('/api/search'));

describe('WorksPage', { timeout: 60_000 }, () => {
  it('loads the page in the URL with the saved sort, and changing the sort goes back to page 1', async () => {
    const { router } = renderWithProviders(<WorksPage />, { path: '/works?page=3', route: '/works' });
    await screen.findByText('Work 100024');
    expect(lastList()?.searchParams.get('page')).toBe('3');
    expect(lastList()?.searchParams.get('order')).toBe('create_date');
    expect(lastList()?.searchParams.get('sort')).toBe('desc');
    expect(screen.getByText('60 works')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'priceAsc' } });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastList()?.searchParams.get('order')).toBe('price'));
    expect(lastList()?.searchParams.get('page')).toBe('1');
    expect(lastList()?.searchParams.get('sort')).toBe('asc');
    expect(JSON.parse(localStorage.getItem('sortOption') ?? '{}')).toMatchObject({
      order: 'price',
      sort: 'asc',
    });
  });

  it('changing the sort on a later page asks for page 1 in the new order only', async () => {
    renderWithProviders(<WorksPage />, { path: '/works?page=3', route: '/works' });
    await screen.findByText('Work 100024');
    requests = [];
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'priceAsc' } });
    await screen.findByText('Work 100000');
    const lists = requests.filter((url) => url.pathname === '/api/works');
    expect(lists.map((url) => `${url.searchParams.get('order')} ${url.searchParams.get('page')}`)).toEqual([
      'price 1',
    ]);
  });

  it('sends a fresh seed from 0 to 99 when random is chosen', async () => {
    renderWithProviders(<WorksPage />, { path: '/works', route: '/works' });
    await screen.findByText('Work 100000');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'random' } });
    await waitFor(() => expect(lastList()?.searchParams.get('order')).toBe('random'));
    const seed = Number(lastList()?.searchParams.get('seed'));
    expect(Number.isInteger(seed) && seed >= 0 && seed <= 99).toBe(true);
    expect(seed).toBe(useListPreferences.getState().seed);
  });

  it('the subtitle box (zh-CN only) sends subtitle=1 and resets the page; the display mode is remembered', async () => {
    const english = renderWithProviders(<WorksPage />, { path: '/works', route: '/works' });
    await screen.findByText('Work 100000');
    expect(screen.queryByRole('checkbox', { name: 'Translated / with subtitles' })).toBeNull();
    english.unmount();

    await i18n.changeLanguage('zh-CN');
    const { router } = renderWithProviders(<WorksPage />, { path: '/works?page=2', route: '/works' });
    await screen.findByText('Work 100012');
    fireEvent.click(screen.getByLabelText('翻译 / 带字幕'));
    await waitFor(() => expect(router.state.location.search).toBe('?subtitle=1'));
    await waitFor(() => expect(lastList()?.searchParams.get('subtitle')).toBe('1'));
    expect(lastList()?.searchParams.get('page')).toBe('1');
    // Switched to another language while on, the box stays so it can be turned off.
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('checkbox', { name: 'Translated / with subtitles' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(localStorage.getItem('displayMode')).toBe('list');
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('the recommendation band above the first page takes the list display mode’s compact form', async () => {
    useListPreferences.setState({ displayMode: 'list' });
    renderWithProviders(<WorksPage />, { path: '/works', route: '/works' });
    await screen.findByText('Work 100000');
    expect(screen.getByTestId('recommendations').dataset.compact).toBe('true');
    act(() => useListPreferences.setState({ displayMode: 'thumbnail' }));
    expect(screen.getByTestId('recommendations').dataset.compact).toBeUndefined();
  });

  it('the translations box (every language) sends translated=1; one card per work sends includeTranslationWorks=false', async () => {
    const first = renderWithProviders(<WorksPage />, { path: '/works?page=2', route: '/works' });
    await screen.findByText('Work 100012');
    expect(lastList()?.searchParams.get('translated')).toBeNull();
    expect(lastList()?.searchParams.get('includeTranslationWorks')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Translations' }));
    await waitFor(() => expect(first.router.state.location.search).toBe('?translated=1'));
    await waitFor(() => expect(lastList()?.searchParams.get('translated')).toBe('1'));
    expect(lastList()?.searchParams.get('page')).toBe('1');
    first.unmount();

    act(() => useEditionFolding.getState().setFold(true));
    expect(localStorage.getItem('sasayaki.foldEditions')).toBe('1');
    await i18n.changeLanguage('ja');
    renderWithProviders(<WorksPage />, { path: '/works', route: '/works' });
    await screen.findByText('Work 100000');
    expect(screen.getByRole('checkbox', { name: '翻訳版' })).toBeTruthy();
    await waitFor(() => expect(lastList()?.searchParams.get('includeTranslationWorks')).toBe('false'));
    act(() => useEditionFolding.getState().setFold(false));
    await waitFor(() => expect(lastList()?.searchParams.get('includeTranslationWorks')).toBeNull());
  });

  it('a page size (12, 24, 48, 96) is kept in local storage, asked of the API and goes back to page 1', async () => {
    const { router } = renderWithProviders(<WorksPage />, { path: '/works?page=2', route: '/works' });
    await screen.findByText('Work 100012');
    expect(lastList()?.searchParams.get('pageSize')).toBeNull();
    const select = screen.getByLabelText('Works per page') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      '12 per page',
      '24 per page',
      '48 per page',
      '96 per page',
    ]);
    fireEvent.change(select, { target: { value: '48' } });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastList()?.searchParams.get('pageSize')).toBe('48'));
    expect(lastList()?.searchParams.get('page')).toBe('1');
    expect(localStorage.getItem('sasayaki.pageSize')).toBe('48');
    expect(readPageSize()).toBe(48);
    localStorage.setItem('sasayaki.pageSize', '1000');
    expect(readPageSize()).toBe(12);
  });

  it('shows END on the last page, and the guest tip to the guest', async () => {
    group = 'guest';
    renderWithProviders(<WorksPage />, { path: '/works?page=5', route: '/works' });
    await screen.findByText('Work 100048');
    // The pager, below the first screen, renders once the cards have been painted.
    expect(await screen.findByText('END')).toBeTruthy();
    expect(await screen.findByText(/If you use guest login/)).toBeTruthy();
  });

  it('titles a tag page with the tag name in the reader’s language', async () => {
    renderWithProviders(<WorksPage />, { path: '/works?tagId=5', route: '/works' });
    expect(await screen.findByText('Works tagged Healing')).toBeTruthy();
    expect(requests.some((url) => url.pathname === '/api/tags/5/works')).toBe(true);
  });

  it('shows a friendly empty state for a search without results', async () => {
    renderWithProviders(<WorksPage />, { path: '/works?keyword=nothing', route: '/works' });
    expect(await screen.findByText('No works here')).toBeTruthy();
    expect(screen.getByText('Search: nothing')).toBeTruthy();
    expect(screen.queryByText('END')).toBeNull();
  });
});
