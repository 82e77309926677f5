import { describe, expect, it } from 'vitest';
import { namePreparedStatements, prepareStatement } from '../../src/db/prepared-statements.js';
import type { FileRepository } from '../../src/repositories/file.repository.js';
import type { LabelRepository } from '../../src/repositories/label.repository.js';
import type {
  MarkedWorkRows,
  UserWorkFields,
  WorkCardRow,
  WorkRepository,
} from '../../src/repositories/work.repository.js';
import { CatalogueService } from '../../src/services/catalogue.service.js';

describe('namePreparedStatements', () => {
  it('runs the marked texts as named statements and everything else as it came', () => {
    const calls: unknown[][] = [];
    const client = {
      query: (...args: unknown[]) => {
        calls.push(args);
        return Promise.resolve();
      },
    };
    namePreparedStatements(client);
    const marked = 'SELECT 1 FROM works WHERE id = $1 /* prepared-statements.test */';
    prepareStatement(marked);
    prepareStatement(marked);
    client.query(marked, [7]);
    client.query('SELECT 2', [8]);
    const cursor = { submit() {} };
    client.query(cursor);
    const [named, plain, cursorCall] = calls;
    const name = (named?.[0] as { name: string } | undefined)?.name;
    expect(named).toEqual([{ name: expect.stringMatching(/^sasayaki_\d+$/), text: marked, values: [7] }]);
    expect(plain).toEqual(['SELECT 2', [8]]);
    expect(cursorCall).toEqual([cursor]);
    // The same text keeps its name: node-postgres refuses one name for two texts on a connection.
    client.query(marked, [9]);
    expect(calls[3]).toEqual([{ name, text: marked, values: [9] }]);
  });
});

describe('a prepared statement another process’s migration made stale', () => {
  it('is run again unnamed, and any other error is the caller’s', async () => {
    const calls: unknown[][] = [];
    const failures = [{ code: '0A000' }, { code: '42P01' }];
    const client = {
      query: (...args: unknown[]) => {
        calls.push(args);
        const failure = typeof args[0] === 'object' ? failures.shift() : undefined;
        return failure ? Promise.reject(failure) : Promise.resolve({ rows: [] });
      },
    };
    namePreparedStatements(client);
    const marked = 'SELECT * FROM works WHERE id = $1 /* stale plan test */';
    prepareStatement(marked);
    await expect(client.query(marked, [1])).resolves.toEqual({ rows: [] });
    expect(calls[1]).toEqual([marked, [1]]);
    await expect(client.query(marked, [2])).rejects.toEqual({ code: '42P01' });
  });
});

describe('CatalogueService.worksByIds', () => {
  it('asks for the user’s fields and the works’ cards together: one round trip, not two in a row', async () => {
    let cardsAsked!: () => void;
    const cardsAskedToo = new Promise<void>((resolve) => {
      cardsAsked = resolve;
    });
    const row = {
      id: 5,
      title: 'A work',
      circle_id: null,
      circle_name: null,
      tags: [],
      vas: [],
    } as unknown as WorkCardRow;
    const works = {
      // Answers only once the cards were asked for as well: asked one after the other, this never ends.
      async userFieldsFor(): Promise<Map<number, UserWorkFields>> {
        await cardsAskedToo;
        return new Map([[5, { rating: 4, review_text: null, progress: null, updated_at: '2026-11-25' }]]);
      },
      async cardsByIds(): Promise<WorkCardRow[]> {
        cardsAsked();
        return [row];
      },
      // The listener rated that work (services/user-marks.ts), so their fields are asked for.
      async markedWorks(): Promise<MarkedWorkRows> {
        return { reviewed: [5], voted: [], reviewsMark: '1|2026-11-25' };
      },
    } as unknown as WorkRepository;
    const catalogue = new CatalogueService(works, {} as LabelRepository, {} as FileRepository);
    const answer = await Promise.race([
      catalogue.worksByIds([5], 1),
      new Promise<'waited in turn'>((resolve) => setTimeout(() => resolve('waited in turn'), 1_000)),
    ]);
    expect(answer).not.toBe('waited in turn');
    expect(answer).toMatchObject([{ id: 5, title: 'A work', userRating: 4 }]);
  });
});
