import { describe, expect, it } from 'vitest';
import type { FileRepository } from '../../src/repositories/file.repository.js';
import type { LabelRepository } from '../../src/repositories/label.repository.js';
import type { WorkRepository } from '../../src/repositories/work.repository.js';
import { CatalogueService } from '../../src/services/catalogue.service.js';
import { CatalogueCache } from '../../src/services/catalogue-cache.js';

/**
 * After the catalogue version moves (each batch of the DLsite fetch moves it) a page is built from
 * nothing cached. Its count, its ids and the listener's marks do not wait on each other: each read here
 * answers only once all three were asked, so a build that asks them one after another never ends.
 */
function readsThatAnswerTogether() {
  const asked: string[] = [];
  let answerAll: () => void = () => {};
  const allAsked = new Promise<void>((resolve) => {
    answerAll = resolve;
  });
  const read = async <T>(name: string, value: T): Promise<T> => {
    asked.push(name);
    if (asked.length === 3) answerAll();
    await allAsked;
    return value;
  };
  const works = {
    count: () => read('count', 2),
    pageIds: () => read('ids', [] as number[]),
    markedWorks: () => read('marks', { reviewed: [], voted: [], reviewsMark: '0|' }),
  } as unknown as WorkRepository;
  return { works, asked };
}

describe('a page built after the catalogue moved', () => {
  it('asks for the count, the ids and the listener’s marks together', async () => {
    const { works, asked } = readsThatAnswerTogether();
    const cache = new CatalogueCache(async () => ({ version: 'v1', workChanges: 0, writes: 0 }));
    const catalogue = new CatalogueService(works, {} as LabelRepository, {} as FileRepository, { cache });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('asked one after another')), 1_000);
    });
    const page = await Promise.race([catalogue.page({}, { pageSize: 2 }, 7), timeout]).finally(() =>
      clearTimeout(timer),
    );
    expect(asked.sort()).toEqual(['count', 'ids', 'marks']);
    expect(await page.envelope()).toEqual({
      works: [],
      pagination: { currentPage: 1, pageSize: 2, totalCount: 2 },
    });
  });
});
