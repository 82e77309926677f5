import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardPlaylistButton } from '../../src/components/playlist/CardPlaylistButton';
import { PlaylistMenu } from '../../src/components/playlist/PlaylistMenu';
import { AddToPlaylistButton } from '../../src/player/ui/AddToPlaylistButton';
import { renderWithProviders } from '../render';
import { type Call, mockFetch } from '../review/fetch-mock';

const base = { user_name: 'listener', privacy: 0, description: '', works_count: 0 };

/** The member's playlists with the work in the marked one; every POST is recorded. */
function serve(group = 'user') {
  return mockFetch(
    (call: Call) =>
      call.method === 'POST'
        ? { body: {} }
        : {
            body: {
              playlists: [
                { ...base, id: 'm', name: '__SYS_PLAYLIST_MARKED', exist: true },
                { ...base, id: 'r', name: 'Rain', exist: false },
              ],
              pagination: { page: 1, currentPage: 1, pageSize: 100, totalCount: 2 },
            },
          },
    { name: group === 'guest' ? 'guest' : 'listener', group },
  );
}

const posts = (calls: Call[]) =>
  calls.filter((call) => call.method === 'POST').map(({ url, body }) => ({ url, body }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Add to playlist', () => {
  it('lists my playlists with the ones holding the work checked, and adds or removes on a click', async () => {
    const { calls } = serve();
    renderWithProviders(
      <PlaylistMenu workId={1087228} target={<button type="button">Add to playlist</button>} />,
    );
    // Nothing is asked until the menu opens.
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add to playlist' }));
    fireEvent.click(await screen.findByText('Rain'));
    fireEvent.click(screen.getByText('Marked'));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)).toEqual([
      { url: '/api/playlist/add-works-to-playlist', body: { id: 'r', works: [1087228] } },
      { url: '/api/playlist/remove-works-from-playlist', body: { id: 'm', works: [1087228] } },
    ]);
    expect(screen.getByLabelText('In this playlist')).toBeTruthy();
  });

  it('from a work card: its button opens the same menu, loaded on the first click', async () => {
    const { calls } = serve();
    renderWithProviders(<CardPlaylistButton work={{ id: 7, title: 'Rainy day' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for “Rainy day”' }));
    fireEvent.click(await screen.findByText('Rain'));
    await waitFor(() =>
      expect(posts(calls)).toEqual([
        { url: '/api/playlist/add-works-to-playlist', body: { id: 'r', works: [7] } },
      ]),
    );
  });

  it('from the full player: the current track’s work', async () => {
    const { calls } = serve();
    renderWithProviders(<AddToPlaylistButton workId={1362753} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to playlist' }));
    fireEvent.click(await screen.findByText('Rain'));
    await waitFor(() =>
      expect(posts(calls)).toEqual([
        { url: '/api/playlist/add-works-to-playlist', body: { id: 'r', works: [1362753] } },
      ]),
    );
  });

  it('a card and the player show no playlist button to the guest', async () => {
    const { fetchMock } = serve('guest');
    renderWithProviders(
      <>
        <CardPlaylistButton work={{ id: 7, title: 'Rainy day' }} />
        <AddToPlaylistButton workId={7} />
      </>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('card-playlist-button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to playlist' })).toBeNull();
  });
});
