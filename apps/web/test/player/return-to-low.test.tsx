import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lowCopyFinished, stillQuiet, useReturnToLow } from '../../src/player/engine/use-return-to-low';
import { resetLowBitrateFormat } from '../../src/player/sources';
import { usePlayerStore } from '../../src/player/store';
import { queueItem } from './queue-item';

/**
 * Issue 14: after a seek into an unfinished low-bitrate stream the original plays from there; once the
 * low-bitrate copy is finished, the player goes back to it at a quiet moment (a pause, a stall) within the
 * same track, from where the play head is, and never while the original plays or for a listener's choice.
 */

const store = usePlayerStore.getState;
const track = queueItem(2, { streamLowQualityUrl: '/api/media/stream-lq/7/2', duration: 1200 });

/** A HEAD of the low-bitrate copy: finished (ranges) or still growing. */
function serveCopy(finished: boolean) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(null, { status: 200, headers: { 'Accept-Ranges': finished ? 'bytes' : 'none' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Harness() {
  const ref = useRef<HTMLAudioElement>(null);
  useReturnToLow(ref);
  // biome-ignore lint/a11y/useMediaCaption: a test element.
  return <audio ref={ref} data-testid="audio" />;
}

/** The element as the hook sees it at a pause (paused) or a stall (playing without data). */
function mount(moment: 'pause' | 'stall', currentTime: number) {
  const { getByTestId } = render(<Harness />);
  const audio = getByTestId('audio') as HTMLAudioElement;
  vi.spyOn(audio, 'paused', 'get').mockReturnValue(moment === 'pause');
  vi.spyOn(audio, 'readyState', 'get').mockReturnValue(moment === 'pause' ? 4 : 2);
  audio.currentTime = currentTime;
  return audio;
}

async function quietMoment(audio: HTMLAudioElement, moment: 'pause' | 'stall') {
  await act(async () => {
    audio.dispatchEvent(new Event(moment === 'pause' ? 'pause' : 'waiting'));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => {
  resetLowBitrateFormat();
  store().clear();
  store().setQueue([track], 0);
  // A seek to 15:00 past what the growing copy had sent: the original from there.
  store().setQuality('original', 900, true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('returning to the low-bitrate copy after a seek', () => {
  it.each(['pause', 'stall'] as const)('goes back at a %s once the copy is finished', async (moment) => {
    const fetchMock = serveCopy(true);
    const audio = mount(moment, 912.5);
    const nonce = store().loadNonce;
    await quietMoment(audio, moment);
    expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('/api/media/stream-lq/7/2'), {
      method: 'HEAD',
    });
    expect(store()).toMatchObject({
      qualityOverride: null,
      overrideForSeek: false,
      startAt: 912.5,
      loadNonce: nonce + 1,
    });
  });

  it('stays on the original while the copy is still growing; stalls ask again only after a while', async () => {
    const fetchMock = serveCopy(false);
    const audio = mount('stall', 912.5);
    await quietMoment(audio, 'stall');
    await quietMoment(audio, 'stall');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store()).toMatchObject({ qualityOverride: 'original', overrideForSeek: true });
  });

  it('asks at every pause: the copy finished since the last one is taken', async () => {
    const fetchMock = serveCopy(false);
    const audio = mount('pause', 912.5);
    await quietMoment(audio, 'pause');
    expect(store().qualityOverride).toBe('original');
    fetchMock.mockResolvedValue(new Response(null, { headers: { 'Accept-Ranges': 'bytes' } }));
    await quietMoment(audio, 'pause');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(store()).toMatchObject({ qualityOverride: null, startAt: 912.5 });
  });

  it("keeps a listener's own choice of the original", async () => {
    store().setQuality('original');
    const fetchMock = serveCopy(true);
    const audio = mount('pause', 30);
    await quietMoment(audio, 'pause');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store().qualityOverride).toBe('original');
  });

  it('does not swap when the listener pressed play while the server was asked', async () => {
    serveCopy(true);
    const audio = mount('pause', 912.5);
    const paused = vi.spyOn(audio, 'paused', 'get');
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementationOnce(async () => {
      paused.mockReturnValue(false);
      return new Response(null, { headers: { 'Accept-Ranges': 'bytes' } });
    });
    await quietMoment(audio, 'pause');
    expect(store()).toMatchObject({ qualityOverride: 'original', overrideForSeek: true });
  });

  it('a new track ends the detour', () => {
    store().setQueue([track, queueItem(3)], 1);
    expect(store()).toMatchObject({ qualityOverride: null, overrideForSeek: false });
  });
});

describe('the quiet moments and the probe', () => {
  const element = (paused: boolean, readyState: number, ended = false) => ({ paused, readyState, ended });

  it('a pause is quiet, the end of the track is not; a stall is playing without future data', () => {
    expect(stillQuiet(element(true, 4), 'pause')).toBe(true);
    expect(stillQuiet(element(true, 4, true), 'pause')).toBe(false);
    expect(stillQuiet(element(false, 2), 'stall')).toBe(true);
    expect(stillQuiet(element(false, 4), 'stall')).toBe(false);
  });

  it('a failed HEAD is not a finished copy', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await lowCopyFinished('/x')).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 422 })),
    );
    expect(await lowCopyFinished('/x')).toBe(false);
  });
});
