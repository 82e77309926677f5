import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddToPlaylist } from '../../src/features/work/AddToPlaylist';
import { renderWithProviders } from '../render';
import { json } from '../review/fetch-mock';

const base = { user_name: 'listener', privacy: 0, description: '', works_count: 0 };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Add to playlist on the work page', () => {
  it('lists my playlists with the ones holding the work checked, and adds or removes on a click', async () => {
    const posts: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (init?.method === 'POST') {
          posts.push({ url, body: JSON.parse(String(init.body)) });
          return json({});
        }
        return json({
          playlists: [
            { ...base, id: 'm', name: '__SYS_PLAYLIST_MARKED', exist: true },
            { ...base, id: 'r', name: 'Rain', exist: false },
          ],
          pagination: { page: 1, currentPage: 1, pageSize: 100, totalCount: 2 },
        });
      }),
    );
    renderWithProviders(<AddToPlaylist workId={1087228} disabled={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to playlist' }));
    fireEvent.click(await screen.findByText('Rain'));
    fireEvent.click(screen.getByText('Marked'));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts).toEqual([
      { url: '/api/playlist/add-works-to-playlist', body: { id: 'r', works: [1087228] } },
      { url: '/api/playlist/remove-works-from-playlist', body: { id: 'm', works: [1087228] } },
    ]);
    expect(screen.getByLabelText('In this playlist')).toBeTruthy();
  });
});
