import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectNetworkGate,
  importWhenOnline,
  isFailedChunkLoad,
  serverAnswered,
} from '../../src/app/layout/network-events';

const chunkFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/LabelsPage.js');

describe('importWhenOnline', () => {
  let disconnect: () => void = () => {};
  afterEach(() => disconnect());

  it('knows a chunk that could not be fetched from other errors', () => {
    expect(isFailedChunkLoad(chunkFailure())).toBe(true);
    expect(isFailedChunkLoad(new Error('Unable to preload CSS for /assets/LabelsPage.css'))).toBe(true);
    expect(isFailedChunkLoad(new Error('x is not a function'))).toBe(false);
  });

  it('waits for the server after a failed chunk, then fetches it again', async () => {
    const checks = vi.fn();
    disconnect = connectNetworkGate(checks);
    const load = vi.fn().mockRejectedValueOnce(chunkFailure()).mockResolvedValue({ default: 'screen' });
    const loaded = importWhenOnline(load);
    await vi.waitFor(() => expect(checks).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
    serverAnswered(true);
    await expect(loaded).resolves.toEqual({ default: 'screen' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up when the chunk still fails while the server answers (not there any more)', async () => {
    disconnect = connectNetworkGate(() => queueMicrotask(() => serverAnswered(false)));
    const load = vi.fn().mockRejectedValue(chunkFailure());
    await expect(importWhenOnline(load)).rejects.toThrow('dynamically imported module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('throws other errors at once', async () => {
    const load = vi.fn().mockRejectedValue(new Error('broken screen'));
    await expect(importWhenOnline(load)).rejects.toThrow('broken screen');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
