import { describe, expect, it } from 'vitest';
import type { MarkedWorkRows } from '../../src/repositories/work.repository.js';
import { UserMarks } from '../../src/services/user-marks.js';

describe('UserMarks', () => {
  const setUp = () => {
    let now = 0;
    let rows: MarkedWorkRows = { reviewed: [1, 2], voted: [3], reviewsMark: '2|a' };
    const asked = { marks: 0, works: 0 };
    let gate: Promise<void> | null = null;
    const repository = {
      async reviewsMark() {
        asked.marks += 1;
        return rows.reviewsMark;
      },
      async markedWorks() {
        asked.works += 1;
        const read = rows;
        const held = gate;
        gate = null;
        if (held) await held;
        return read;
      },
    };
    const marks = new UserMarks(repository, () => now, 1_000);
    return {
      marks,
      asked,
      advance: (ms: number) => {
        now += ms;
      },
      write: (next: MarkedWorkRows) => {
        rows = next;
      },
      /** The next read of the works waits until `release()` is called. */
      holdNextRead: () => {
        let open = () => {};
        gate = new Promise<void>((resolve) => {
          open = resolve;
        });
        return () => open();
      },
    };
  };

  it('reads a listener once, then asks nothing within a second', async () => {
    const { marks, asked } = setUp();
    const first = await marks.of(7, 1);
    expect([...first.reviewed]).toEqual([1, 2]);
    expect([...first.voted]).toEqual([3]);
    await marks.of(7, 1);
    expect(asked).toEqual({ marks: 0, works: 1 });
  });

  it('after a second asks only the mark, and reads the works again only when it moved', async () => {
    const { marks, asked, advance, write } = setUp();
    await marks.of(7, 1);
    advance(1_000);
    await marks.of(7, 1);
    expect(asked).toEqual({ marks: 1, works: 1 });
    // Another process rated a work.
    write({ reviewed: [1, 2, 9], voted: [3], reviewsMark: '3|b' });
    expect((await marks.of(7, 1)).reviewed.has(9)).toBe(false);
    advance(1_000);
    expect((await marks.of(7, 1)).reviewed.has(9)).toBe(true);
    expect(asked).toEqual({ marks: 2, works: 2 });
  });

  it('past half a second answers at once and checks the mark after the answer, off the request', async () => {
    const { marks, asked, advance, write } = setUp();
    await marks.of(7, 1);
    advance(499);
    await marks.of(7, 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual({ marks: 0, works: 1 });
    // Another process rated a work: the answer at hand is the one known, the next one has it.
    write({ reviewed: [1, 2, 9], voted: [3], reviewsMark: '3|b' });
    advance(1);
    expect((await marks.of(7, 1)).reviewed.has(9)).toBe(false);
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual({ marks: 1, works: 2 });
    expect((await marks.of(7, 1)).reviewed.has(9)).toBe(true);
  });

  it("reads again at once after this process's own write, and after the catalogue moved", async () => {
    const { marks, asked, write } = setUp();
    await marks.of(7, 1);
    write({ reviewed: [1], voted: [3], reviewsMark: '1|c' });
    marks.forget(7);
    expect([...(await marks.of(7, 1)).reviewed]).toEqual([1]);
    write({ reviewed: [1], voted: [3, 4], reviewsMark: '1|c' });
    expect([...(await marks.of(7, 2)).voted]).toEqual([3, 4]);
    expect(asked).toEqual({ marks: 0, works: 3 });
  });

  it('shares one read between the requests that arrive together, and keeps listeners apart', async () => {
    const { marks, asked } = setUp();
    await Promise.all([marks.of(7, 1), marks.of(7, 1), marks.of(7, 1)]);
    expect(asked.works).toBe(1);
    await marks.of(8, 1);
    expect(asked.works).toBe(2);
  });

  it('does not keep what a read begun before a write found', async () => {
    const { marks, write, holdNextRead } = setUp();
    const release = holdNextRead();
    const before = marks.of(7, 1);
    write({ reviewed: [5], voted: [], reviewsMark: '1|d' });
    marks.forget(7);
    release();
    expect([...(await before).reviewed]).toEqual([1, 2]);
    expect([...(await marks.of(7, 1)).reviewed]).toEqual([5]);
  });
});
