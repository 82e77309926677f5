import { afterEach, describe, expect, it } from 'vitest';
import { hasSavedQueue } from '../../src/player/activation';
import { PLAYER_STORAGE_KEY } from '../../src/player/store';

describe('hasSavedQueue', () => {
  afterEach(() => localStorage.clear());

  it('is true only when the player saved a queue with something in it', () => {
    expect(hasSavedQueue()).toBe(false);
    localStorage.setItem(PLAYER_STORAGE_KEY, JSON.stringify({ queue: [] }));
    expect(hasSavedQueue()).toBe(false);
    localStorage.setItem(PLAYER_STORAGE_KEY, 'not json');
    expect(hasSavedQueue()).toBe(false);
    localStorage.setItem(PLAYER_STORAGE_KEY, JSON.stringify({ queue: [{ hash: '1/2' }], queueIndex: 0 }));
    expect(hasSavedQueue()).toBe(true);
  });
});
