import { describe, expect, it } from 'vitest';
import { BufferPool } from '../../../src/media/buffer-pool.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Borrows and resolves with the buffer, however long that takes. */
const borrow = (pool: BufferPool) => new Promise<Buffer>((resolve) => pool.borrow(resolve));

describe('BufferPool', () => {
  it('makes buffers up to its limit, then lends the ones given back', async () => {
    const pool = new BufferPool(16, 2);
    const first = await borrow(pool);
    const second = await borrow(pool);
    expect(first).not.toBe(second);
    expect(first.length).toBe(16);
    let third: Buffer | undefined;
    pool.borrow((buffer) => {
      third = buffer;
    });
    expect(third).toBeUndefined();
    expect(pool.counts).toEqual({ idle: 0, lent: 2, waiting: 1 });
    pool.giveBack(second);
    expect(third).toBe(second);
    pool.giveBack(first);
    pool.giveBack(second);
    expect(pool.counts).toEqual({ idle: 2, lent: 0, waiting: 0 });
    expect(await borrow(pool)).toBe(second);
  });

  it('writes off a buffer out for too long while someone waits, and never lends it again', async () => {
    const pool = new BufferPool(16, 1, 20);
    const stuck = await borrow(pool);
    const replacement = await borrow(pool); // Waits about 20 ms.
    expect(replacement).not.toBe(stuck);
    pool.giveBack(stuck); // Its write finally reported back: dropped.
    expect(pool.counts).toEqual({ idle: 0, lent: 1, waiting: 0 });
    pool.giveBack(replacement);
    expect(await borrow(pool)).toBe(replacement);
  });

  it('lets a borrower wait for a buffer that comes back in time', async () => {
    const pool = new BufferPool(16, 1, 200);
    const only = await borrow(pool);
    const next = borrow(pool);
    await sleep(10);
    pool.giveBack(only);
    expect(await next).toBe(only);
  });
});
