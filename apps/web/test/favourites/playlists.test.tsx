import type { Playlist } from '@sasayaki/api-contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlaylistsPanel } from '../../src/features/favourites/playlists/PlaylistsPanel';
import { renderWithProviders } from '../render';
import { json } from '../review/fetch-mock';

function playlist(id: string, extra: Partial<Playlist> = {}): Playlist {
  return {
    id,
    user_name: 'listener',
    privacy: 0,
    locale: 'ja-jp',
    playback_count: 0,
    name: id,
    description: '',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    works_count: 0,
    latestWorkID: null,
    mainCoverUrl: '',
    likes_count: 0,
    ...extra,
  };
}

/** Answers the playlist calls and records every POST with its body. */
function serve(playlists: Playlist[]) {
  const posts: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push({ url, body });
        return json({ ...playlist('new'), ...body, works: undefined });
      }
      if (url.startsWith('/api/playlist/get-playlists')) {
        return json({
          playlists,
          pagination: { page: 1, currentPage: 1, pageSize: 100, totalCount: playlists.length },
        });
      }
      if (url.startsWith('/api/auth/me'))
        return json({ user: { name: 'listener', group: 'user' }, auth: true });
      if (url.startsWith('/api/playlist/get-liked-status')) return json({ id: 'theirs', liked: true });
      if (url.startsWith('/api/playlist/get-playlist-works')) {
        return json({ works: [], pagination: { page: 1, currentPage: 1, pageSize: 100, totalCount: 0 } });
      }
      return json({});
    }),
  );
  return posts;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the playlists of the folder view', () => {
  it('shows the system playlists by their translated names and others’ with their liked state', async () => {
    serve([
      playlist('m', { name: '__SYS_PLAYLIST_MARKED' }),
      playlist('l', { name: '__SYS_PLAYLIST_LIKED' }),
      playlist('theirs', { name: 'Rainy nights', user_name: 'someone', privacy: 2 }),
    ]);
    renderWithProviders(<PlaylistsPanel userName="listener" />);
    // The first playlist opens beside the list: its name shows twice.
    expect(await screen.findAllByText('Marked')).toHaveLength(2);
    expect(screen.getByText('Liked')).toBeTruthy();
    expect(screen.queryByText('__SYS_PLAYLIST_MARKED')).toBeNull();
    fireEvent.click(screen.getByText('Rainy nights'));
    expect(await screen.findByRole('button', { name: 'Unlike' })).toBeTruthy();
    expect(screen.getByText('by someone')).toBeTruthy();
  });

  it('creates a playlist with its name, description and privacy', async () => {
    const posts = serve([playlist('m', { name: '__SYS_PLAYLIST_MARKED' })]);
    renderWithProviders(<PlaylistsPanel userName="listener" />);
    fireEvent.click(await screen.findByRole('button', { name: 'New playlist' }));
    fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: '  Sleep  ' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'for bed' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByText('Public'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: '/api/playlist/create-playlist',
      body: { name: 'Sleep', description: 'for bed', privacy: 2 },
    });
  });
});
