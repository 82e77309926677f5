import type { ReviewedWork } from '@sasayaki/api-contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FavouritesPage from '../../src/features/favourites/FavouritesPage';
import { formatDuration } from '../../src/features/favourites/format';
import {
  favouritesPath,
  parseFavouritesPath,
  readListQuery,
  writeListQuery,
} from '../../src/features/favourites/route';
import { renderWithProviders } from '../render';
import { json } from '../review/fetch-mock';

function work(id: number, extra: Partial<ReviewedWork> = {}): ReviewedWork {
  return {
    id,
    source_id: `RJ${String(id).padStart(6, '0')}`,
    title: `Work ${id}`,
    circle_id: 1,
    name: 'Circle One',
    circle: { id: 1, name: 'Circle One' },
    vas: [],
    tags: [],
    release: '2024-01-01',
    create_date: '2026-01-01T00:00:00Z',
    price: 1100,
    dl_count: 10,
    nsfw: false,
    has_subtitle: false,
    rate_average_2dp: 4,
    rate_count: 2,
    rate_count_detail: [],
    review_count: 1,
    duration: 600,
    userRating: 4.5,
    progress: 'listening',
    review_text: 'So calming',
    mainCoverUrl: `/api/cover/${id}.jpg?type=main`,
    samCoverUrl: `/api/cover/${id}.jpg?type=sam`,
    thumbnailCoverUrl: `/api/cover/${id}.jpg?type=240x240`,
    age_category_string: 'general',
    series: null,
    language_editions: [],
    other_language_editions_in_db: [],
    translation_info: {},
    original_workno: null,
    lang: null,
    source_type: 'DLSITE',
    source_url: null,
    updated_at: '2026-11-20T10:00:00Z',
    ...extra,
  };
}

function serve(works: ReviewedWork[], group = 'user', extra: Record<string, unknown> = {}) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/auth/me'))
        return json({ user: { name: 'listener', group }, auth: true, reg: true });
      urls.push(url);
      if (url.startsWith('/api/playback')) {
        return json({
          works: extra.history ?? [],
          pagination: { currentPage: 1, pageSize: 12, totalCount: 1 },
        });
      }
      return json({ works, pagination: { currentPage: 1, pageSize: 12, totalCount: works.length } });
    }),
  );
  return urls;
}

describe('favourites routes', () => {
  it('maps every path to its view and state', () => {
    expect(parseFavouritesPath('/favourites')).toEqual({ view: 'review', state: null, invalid: false });
    expect(parseFavouritesPath('/favourites/review')).toEqual({
      view: 'review',
      state: null,
      invalid: false,
    });
    expect(parseFavouritesPath('/favourites/progress')).toEqual({
      view: 'progress',
      state: 'marked',
      invalid: false,
    });
    expect(parseFavouritesPath('/favourites/progress/replay')).toEqual({
      view: 'progress',
      state: 'replay',
      invalid: false,
    });
    expect(parseFavouritesPath('/favourites/progress/nope').invalid).toBe(true);
    expect(parseFavouritesPath('/favourites/folder').view).toBe('folder');
    expect(parseFavouritesPath('/favourites/history/').view).toBe('history');
    expect(favouritesPath('progress', 'listened')).toBe('/favourites/progress/listened');
    expect(favouritesPath('progress')).toBe('/favourites/progress/marked');
    expect(favouritesPath('folder')).toBe('/favourites/folder');
  });

  it('reads and writes page, order and sort with their defaults', () => {
    expect(readListQuery(new URLSearchParams(''))).toEqual({ page: 1, order: 'updated_at', sort: 'desc' });
    expect(readListQuery(new URLSearchParams('page=3&order=userRating&sort=asc'))).toEqual({
      page: 3,
      order: 'userRating',
      sort: 'asc',
    });
    expect(readListQuery(new URLSearchParams('page=x&order=evil'))).toEqual({
      page: 1,
      order: 'updated_at',
      sort: 'desc',
    });
    expect(writeListQuery({ page: 1, order: 'updated_at', sort: 'desc' })).toBe('');
    expect(writeListQuery({ page: 2, order: 'release', sort: 'asc' })).toBe('?order=release&sort=asc&page=2');
  });

  it('formats positions as MM:SS, or HH:MM:SS past an hour', () => {
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(3725)).toBe('01:02:05');
  });
});

describe('FavouritesPage', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the review view lists everything with the stars and the review text', async () => {
    const urls = serve([work(1), work(2, { review_text: null, userRating: null, progress: 'marked' })]);
    renderWithProviders(<FavouritesPage />, { path: '/favourites' });
    expect(await screen.findByText('So calming')).toBeTruthy();
    expect(screen.getByText('No review written yet.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'My reviews', selected: true })).toBeTruthy();
    expect(urls).toContain('/api/review?page=1&order=updated_at&sort=desc');
  });

  it('the progress view sends the state from the URL and switching states changes the URL', async () => {
    const urls = serve([work(1, { progress: 'listened' })]);
    const { router } = renderWithProviders(<FavouritesPage />, {
      path: '/favourites/progress/listened?order=release',
    });
    await screen.findByText('Work 1');
    expect(urls).toContain('/api/review?page=1&order=release&sort=desc&filter=listened');
    expect((screen.getByRole('radio', { name: 'Listened' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'On hold' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/favourites/progress/postponed'));
    expect(router.state.location.search).toBe('?order=release');
    await waitFor(() =>
      expect(urls).toContain('/api/review?page=1&order=release&sort=desc&filter=postponed'),
    );
  });

  it('tabs navigate between the views', async () => {
    serve([work(1)]);
    const { router } = renderWithProviders(<FavouritesPage />, { path: '/favourites/review' });
    await screen.findByText('Work 1');
    fireEvent.click(screen.getByRole('tab', { name: 'My progress' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/favourites/progress/marked'));
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/favourites/history'));
  });

  it('the folder view groups works by circle with counts', async () => {
    serve([work(1), work(2), work(3, { circle: { id: 9, name: 'Another Circle' }, circle_id: 9 })]);
    renderWithProviders(<FavouritesPage />, { path: '/favourites/folder' });
    expect(await screen.findByText('3 works in 2 circles')).toBeTruthy();
    const group = screen.getByRole('button', { name: /Circle One/ });
    expect(within(group).getByText('2')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Another Circle/ })).toBeTruthy();
  });

  it('the folder view gathers works whose circle nobody knows under "Unknown circle", last', async () => {
    serve([work(1), work(4, { circle: { id: 0, name: '' }, circle_id: 0, name: '' })]);
    renderWithProviders(<FavouritesPage />, { path: '/favourites/folder' });
    expect(await screen.findByText('2 works in 2 circles')).toBeTruthy();
    const groups = screen.getAllByRole('button', { name: /Circle One|Unknown circle/ });
    expect(groups.map((group) => group.textContent)).toEqual([
      expect.stringContaining('Circle One'),
      expect.stringContaining('Unknown circle'),
    ]);
  });

  it('the history view names the track to resume and where', async () => {
    const history = [
      {
        ...work(7),
        lastFileId: 3,
        lastFileTitle: '03 耳かき.mp3',
        lastPosition: 65.4,
        lastPlayedAt: '2026-11-21T08:00:00Z',
      },
      {
        ...work(8),
        lastFileId: 1,
        lastFileTitle: null,
        lastPosition: 5,
        lastPlayedAt: '2026-11-20T08:00:00Z',
      },
    ];
    serve([], 'user', { history });
    renderWithProviders(<FavouritesPage />, { path: '/favourites/history' });
    const resume = await screen.findByRole('link', { name: 'Resume “03 耳かき.mp3” at 01:05' });
    expect(resume.getAttribute('href')).toBe('/work/RJ000007');
    // A file a rescan dropped has no name: the position alone.
    expect(screen.getByRole('link', { name: 'Resume at 00:05' })).toBeTruthy();
  });

  it('the guest gets an explanation and a way to log in instead of a list', async () => {
    const urls = serve([], 'guest');
    renderWithProviders(<FavouritesPage />, { path: '/favourites' });
    expect(await screen.findByText('Favourites need an account')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in or register' }).getAttribute('href')).toBe('/login');
    expect(urls.filter((url) => url.startsWith('/api/review'))).toHaveLength(0);
  });

  it('shows an empty state', async () => {
    serve([]);
    renderWithProviders(<FavouritesPage />, { path: '/favourites/progress/replay' });
    expect(await screen.findByText('No works are marked "Listen again" yet.')).toBeTruthy();
  });
});
