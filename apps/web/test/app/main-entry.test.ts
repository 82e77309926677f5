import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The entry (main.tsx) starts the app in a task after the one that evaluated the app's code: one long
 * task less on a phone (issue 14's phone budget, Lighthouse's total blocking time).
 */

const app = vi.hoisted(() => ({ startApp: vi.fn() }));
vi.mock('../../src/app/start-app', () => app);
vi.mock('../../src/app/start-up-reads', () => ({ startUpReads: () => [] }));

afterEach(() => {
  vi.useRealTimers();
});

describe('the entry', () => {
  it('starts the app in a task of its own once its code has run, with no timer to wait for', async () => {
    // A page whose clock stands still (Playwright's clock in the first-load e2e tests): a start that
    // waited for a timer never came.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    await import('../../src/main');
    await vi.dynamicImportSettled();
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    expect(app.startApp).not.toHaveBeenCalled();
    // The clock is never moved on: only tasks that need no timer run.
    for (let turn = 0; turn < 50 && !app.startApp.mock.calls.length; turn++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(app.startApp).toHaveBeenCalledWith([]);
  });
});
