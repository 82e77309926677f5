import { describe, expect, it } from 'vitest';
import { PrefetchQueue } from '../../../src/media/prefetch-queue.js';

/** A task that records its start and settles when the test says so. */
function gate() {
  const started: number[] = [];
  const finish = new Map<number, () => void>();
  const task = (id: number) => () => {
    started.push(id);
    return new Promise<void>((resolve) => finish.set(id, resolve));
  };
  return { started, finish: (id: number) => finish.get(id)?.(), task };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PrefetchQueue', () => {
  it('runs at most `concurrency` hints at once, in order', async () => {
    const { started, finish, task } = gate();
    const queue = new PrefetchQueue({ concurrency: 2, capacity: 10, onError: () => {} });
    for (const id of [1, 2, 3, 4]) queue.push(task(id));
    expect(started).toEqual([1, 2]);
    finish(1);
    await settle();
    expect(started).toEqual([1, 2, 3]);
  });

  it('keeps at most `capacity` waiting, dropping the oldest', async () => {
    const { started, finish, task } = gate();
    const queue = new PrefetchQueue({ concurrency: 1, capacity: 3, onError: () => {} });
    for (let id = 1; id <= 100; id++) queue.push(task(id));
    for (const id of [1, 98, 99, 100]) {
      finish(id);
      await settle();
    }
    expect(started).toEqual([1, 98, 99, 100]);
  });

  it('goes on after a failed hint, which it reports', async () => {
    const errors: unknown[] = [];
    const queue = new PrefetchQueue({ concurrency: 1, capacity: 3, onError: (error) => errors.push(error) });
    let ran = false;
    queue.push(() => Promise.reject(new Error('gone')));
    queue.push(async () => {
      ran = true;
    });
    await settle();
    await settle();
    expect(ran).toBe(true);
    expect(errors).toEqual([new Error('gone')]);
  });

  it('forgets waiting hints on clear', async () => {
    const { started, finish, task } = gate();
    const queue = new PrefetchQueue({ concurrency: 1, capacity: 3, onError: () => {} });
    for (const id of [1, 2, 3]) queue.push(task(id));
    queue.clear();
    finish(1);
    await settle();
    expect(started).toEqual([1]);
  });
});
