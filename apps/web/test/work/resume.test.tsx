import type { PlaybackState, TrackNode, Work } from '@sasayaki/api-contract';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../src/app/query-client';
import { SESSION_QUERY_KEY } from '../../src/features/auth/session';
import { ResumeOffer } from '../../src/features/work/ResumeOffer';
import { WorkTree } from '../../src/features/work/tree/WorkTree';
import { startChoice } from '../../src/player/api';
import { mergeResumeStates, RESUME_STORAGE_KEY } from '../../src/player/resume-points';
import { usePlayerStore } from '../../src/player/store';
import { renderWithProviders } from '../render';
import { makeWork } from '../works/fixtures';

configure({ asyncUtilTimeout: 20_000 });

const work: Work = makeWork(123456);

const audio = (fileId: number, title: string, duration: number): TrackNode => ({
  type: 'audio',
  title,
  hash: `123456/${fileId}`,
  workTitle: 'Work',
  size: 1000,
  duration,
  mediaStreamUrl: `/api/media/stream/123456/${fileId}`,
  mediaDownloadUrl: `/api/media/download/123456/${fileId}`,
});

/** One folder of three tracks. */
const tree: TrackNode[] = [
  {
    type: 'folder',
    title: 'mp3',
    children: [
      audio(1, '01 はじめに.mp3', 65),
      audio(2, '02 耳かき.mp3', 3600),
      audio(3, '03 おやすみ.mp3', 125),
    ],
  },
];

const saved = (position: number, updatedAt = '2026-11-24T10:00:00.000Z') => ({
  position,
  duration: 3600,
  updatedAt,
});

/** The server's answers: the tree, and the positions another device saved (`server`). */
function serve(server: PlaybackState) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const body = url.startsWith('/api/playback/') ? server : url.startsWith('/api/tracks/') ? tree : null;
      return body === null
        ? new Response(null, { status: 204 })
        : new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return urls;
}

const signIn = () =>
  queryClient.setQueryData(SESSION_QUERY_KEY, {
    user: { name: 'listener', group: 'user' },
    auth: true,
    reg: true,
  });

beforeEach(() => {
  localStorage.clear();
  usePlayerStore.getState().clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('resume on the work page', { timeout: 60_000 }, () => {
  it('offers the track and position saved on another device, and one tap resumes there', async () => {
    signIn();
    const urls = serve({ lastFileId: 2, files: { '2': saved(754) } });
    renderWithProviders(<ResumeOffer id="RJ123456" work={work} />, {
      path: '/work/RJ123456',
      route: '/work/:id',
    });
    const button = await screen.findByRole('button', { name: 'Resume “02 耳かき.mp3” at 12:34' });
    expect(urls).toContain('/api/playback/123456');
    fireEvent.click(button);
    const player = usePlayerStore.getState();
    expect(player.queue.map((item) => item.hash)).toEqual(['123456/1', '123456/2', '123456/3']);
    expect(player.queueIndex).toBe(1);
    expect(player.startAt).toBe(754);
  });

  it('uses this browser’s positions for the guest, and offers nothing for a finished track', async () => {
    serve({ lastFileId: null, files: {} });
    localStorage.setItem(
      RESUME_STORAGE_KEY,
      JSON.stringify({ '123456': { lastFileId: 3, files: { '3': { ...saved(120), duration: 125 } } } }),
    );
    const { unmount } = renderWithProviders(<ResumeOffer id="RJ123456" work={work} />);
    // 120 s of 125: listened to the end, nothing to resume.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('resume-offer')).toBeNull();
    unmount();
    localStorage.setItem(
      RESUME_STORAGE_KEY,
      JSON.stringify({ '123456': { lastFileId: 1, files: { '1': saved(30) } } }),
    );
    queryClient.clear();
    renderWithProviders(<ResumeOffer id="RJ123456" work={work} />);
    expect(await screen.findByRole('button', { name: 'Resume “01 はじめに.mp3” at 00:30' })).toBeTruthy();
  });

  it('the track row shows its saved position; a tap asks, resumes or starts over as the setting says', async () => {
    signIn();
    serve({ lastFileId: 2, files: { '2': saved(754) } });
    renderWithProviders(<WorkTree id="RJ123456" work={work} />, {
      path: '/work/RJ123456',
      route: '/work/:id',
    });
    expect(await screen.findByText('Stopped at 12:34 · 01:00:00')).toBeTruthy();
    const row = screen.getByRole('button', { name: 'Play 02 耳かき.mp3' });

    // ask (the default): a dialog, and the choice plays.
    fireEvent.click(row);
    fireEvent.click(await screen.findByRole('button', { name: 'Resume at 12:34' }));
    expect(usePlayerStore.getState().startAt).toBe(754);
    expect(usePlayerStore.getState().queueIndex).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The player forgets the track (re-rendered), so the row starts it rather than pausing it.
    act(() => usePlayerStore.getState().clear());
    fireEvent.click(row);
    fireEvent.click(await screen.findByRole('button', { name: 'From the start' }));
    expect(usePlayerStore.getState().startAt).toBe(0);
    expect(usePlayerStore.getState().queue[1]?.hash).toBe('123456/2');

    for (const [mode, startAt] of [
      ['always', 754],
      ['never', 0],
    ] as const) {
      act(() => usePlayerStore.getState().clear());
      localStorage.setItem('sharedConfig', JSON.stringify({ resumeMode: mode }));
      fireEvent.click(row);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(usePlayerStore.getState().queue[usePlayerStore.getState().queueIndex]?.hash).toBe('123456/2');
      expect(usePlayerStore.getState().startAt).toBe(startAt);
    }
  });
});

describe('resume rules', () => {
  it('a saved position is offered past the first seconds and before the end, as the setting says', () => {
    expect(startChoice('ask', { position: 754, duration: 3600 })).toEqual({ kind: 'ask', position: 754 });
    expect(startChoice('always', { position: 754, duration: 3600 })).toEqual({
      kind: 'resume',
      position: 754,
    });
    expect(startChoice('never', { position: 754, duration: 3600 })).toEqual({ kind: 'fromStart' });
    expect(startChoice('ask', { position: 3, duration: 3600 })).toEqual({ kind: 'fromStart' });
    expect(startChoice('ask', { position: 3595, duration: 3600 })).toEqual({ kind: 'fromStart' });
    expect(startChoice('always', null)).toEqual({ kind: 'fromStart' });
    // A short track: its last tenth is its end.
    expect(startChoice('ask', { position: 6, duration: 8 })).toEqual({ kind: 'ask', position: 6 });
    expect(startChoice('ask', { position: 7.5, duration: 8 })).toEqual({ kind: 'fromStart' });
  });

  it('the newer of the server’s and this browser’s position wins per file', () => {
    const server: PlaybackState = {
      lastFileId: 1,
      files: { '1': saved(100, '2026-11-24T10:00:00.000Z'), '2': saved(50, '2026-11-24T09:00:00.000Z') },
    };
    const local: PlaybackState = {
      lastFileId: 2,
      files: { '1': saved(40, '2026-11-24T08:00:00.000Z'), '2': saved(70, '2026-11-24T11:00:00.000Z') },
    };
    expect(mergeResumeStates(server, local)).toEqual({
      lastFileId: 2,
      files: { '1': server.files['1'], '2': local.files['2'] },
    });
    expect(mergeResumeStates(null, local)).toBe(local);
    expect(mergeResumeStates(server, null)).toBe(server);
  });
});
