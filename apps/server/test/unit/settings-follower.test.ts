import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsFollower } from '../../src/services/admin-settings/settings-follower.js';

describe('SettingsFollower', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes on every check period and at once when the channel tells, one refresh at a time', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const refresh = vi.fn(() => new Promise<void>((done) => (release = done)));
    let tell: () => void = () => {};
    const closeListener = vi.fn(async () => {});
    const follower = new SettingsFollower(
      { refresh },
      {
        checkEveryMs: 2_000,
        listen: (onSaved) => {
          tell = onSaved;
          return { close: closeListener };
        },
        onError: () => {},
      },
    );
    follower.start();
    expect(refresh).not.toHaveBeenCalled();
    tell();
    expect(refresh).toHaveBeenCalledTimes(1);
    // Signals during a refresh ask for one more after it, not one each.
    tell();
    tell();
    expect(refresh).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(2);
    release();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    release();
    await follower.close();
    expect(closeListener).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('reports a failed refresh and keeps following', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const refresh = vi.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue(undefined);
    const follower = new SettingsFollower(
      { refresh },
      { checkEveryMs: 1_000, onError: (e) => errors.push(e) },
    );
    follower.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(errors).toHaveLength(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    await follower.close();
  });
});
