import type { Playlist, TrackNode } from '@sasayaki/api-contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlaylistDetail } from '../../src/features/favourites/playlists/PlaylistDetail';
import { usePlayerStore } from '../../src/player/store';
import { renderWithProviders } from '../render';
import { type Call, mockFetch } from '../review/fetch-mock';
import { file, folder } from '../work/fixtures';
import { makeWork } from '../works/fixtures';

function playlist(extra: Partial<Playlist> = {}): Playlist {
  return {
    id: 'p1',
    user_name: 'listener',
    privacy: 2,
    locale: 'en',
    playback_count: 0,
    name: 'Rainy nights',
    description: '',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    works_count: 3,
    latestWorkID: 3,
    mainCoverUrl: '',
    likes_count: 0,
    ...extra,
  };
}

const WORKS = [1, 2, 3].map((id) => makeWork(id, { title: `Work ${id}` }));
/** Work 1 is wrapped in a folder with its audio; work 2 has mp3/ and wav/ folders only; work 3 is gone. */
const TREES: Record<string, TrackNode[]> = {
  '/api/tracks/1': [folder('Work 1', [file('1-a.mp3', 'audio', 10), file('1-b.mp3', 'audio', 10)])],
  '/api/tracks/2': [
    folder('mp3', [file('2-a.mp3', 'audio', 10)]),
    folder('wav', [file('2-a.wav', 'audio', 10)]),
  ],
};

/** A server holding the playlist's order: move-work changes it, as the real one does. */
function serve(user = { name: 'listener', group: 'user' }) {
  let works = [...WORKS];
  return mockFetch((call: Call) => {
    if (call.url.startsWith('/api/playlist/get-playlist-works')) {
      return { body: { works, pagination: { page: 1, currentPage: 1, pageSize: 100, totalCount: 3 } } };
    }
    if (call.url === '/api/playlist/move-work') {
      const { work, after } = call.body as { work: number; after: number | null };
      const moved = works.find((candidate) => candidate.id === work);
      works = works.filter((candidate) => candidate.id !== work);
      if (moved) works.splice(after === null ? 0 : works.findIndex((w) => w.id === after) + 1, 0, moved);
      return { body: playlist() };
    }
    if (call.url.startsWith('/api/playlist/get-liked-status')) return { body: { id: 'p1', liked: false } };
    if (call.url.startsWith('/api/tracks/')) {
      const tree = TREES[call.url];
      return tree ? { body: tree } : { status: 404, body: { error: 'Work not found' } };
    }
    return { body: {} };
  }, user);
}

const rows = () => screen.getAllByTestId('playlist-work');
const order = () => rows().map((row) => row.textContent?.match(/Work \d/)?.[0]);
const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

beforeEach(() => {
  usePlayerStore.getState().clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a playlist of mine', () => {
  it('plays all its works’ audio in order through the player’s queue and counts the play', async () => {
    const { calls } = serve();
    renderWithProviders(<PlaylistDetail playlist={playlist()} />);
    // The grips show once the session says the playlist is mine (a member's play is counted).
    await screen.findAllByTestId('playlist-handle');
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    await waitFor(() => expect(usePlayerStore.getState().queue).toHaveLength(4));
    // Work 1's opened folder, then all of work 2's audio (no folder of its own to open); work 3 is skipped.
    expect(usePlayerStore.getState().queue.map((item) => [item.workId, item.title])).toEqual([
      [1, '1-a.mp3'],
      [1, '1-b.mp3'],
      [2, '2-a.mp3'],
      [2, '2-a.wav'],
    ]);
    expect(usePlayerStore.getState().queueIndex).toBe(0);
    await waitFor(() =>
      expect(posts(calls)).toEqual([
        { url: '/api/playlist/record-play', method: 'POST', body: { id: 'p1' } },
      ]),
    );
  });

  it('reorders with the up and down buttons: the row moves at once and the server gets move-work', async () => {
    const { calls } = serve();
    renderWithProviders(<PlaylistDetail playlist={playlist()} />);
    await screen.findAllByTestId('playlist-handle');
    fireEvent.click(within(rows()[2] as HTMLElement).getByRole('button', { name: 'Move up' }));
    await waitFor(() => expect(order()).toEqual(['Work 1', 'Work 3', 'Work 2']));
    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('button', { name: 'Move down' }));
    await waitFor(() => expect(order()).toEqual(['Work 3', 'Work 1', 'Work 2']));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls).map((call) => call.body)).toEqual([
      { id: 'p1', work: 3, after: 1 },
      { id: 'p1', work: 1, after: 3 },
    ]);
  });

  it('reorders by dragging a row’s grip with a finger', async () => {
    const { calls } = serve();
    renderWithProviders(<PlaylistDetail playlist={playlist()} />);
    const handles = await screen.findAllByTestId('playlist-handle');
    // jsdom has no layout: the row under the finger is the last one.
    document.elementFromPoint = () => rows()[2] as Element;
    act(() => {
      fireEvent.pointerDown(handles[0] as Element, { pointerId: 1, pointerType: 'touch' });
      fireEvent.pointerMove(handles[0] as Element, {
        pointerId: 1,
        pointerType: 'touch',
        clientX: 5,
        clientY: 300,
      });
    });
    expect(rows()[2]?.getAttribute('data-over')).toBe('below');
    act(() => {
      fireEvent.pointerUp(handles[0] as Element, { pointerId: 1, pointerType: 'touch' });
    });
    await waitFor(() => expect(order()).toEqual(['Work 2', 'Work 3', 'Work 1']));
    await waitFor(() =>
      expect(posts(calls).map((call) => call.body)).toEqual([{ id: 'p1', work: 1, after: 3 }]),
    );
  });
});

describe('someone else’s public playlist', () => {
  it('is read-only: no grips, no moves, no edit; a member likes it', async () => {
    const { calls } = serve({ name: 'other', group: 'user' });
    renderWithProviders(<PlaylistDetail playlist={playlist()} />);
    await screen.findAllByTestId('playlist-work');
    expect(screen.queryByTestId('playlist-handle')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move up' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByText('by listener')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Like' }));
    await waitFor(() =>
      expect(posts(calls)).toEqual([
        { url: '/api/playlist/like-playlist', method: 'POST', body: { id: 'p1' } },
      ]),
    );
  });

  it('the guest may play it, but not like it', async () => {
    serve({ name: 'guest', group: 'guest' });
    renderWithProviders(<PlaylistDetail playlist={playlist()} />);
    await screen.findAllByTestId('playlist-work');
    expect(screen.getByRole('button', { name: 'Play all' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Like' })).toBeNull();
  });
});
