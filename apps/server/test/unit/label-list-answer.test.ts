import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { FileRepository } from '../../src/repositories/file.repository.js';
import type { LabelRepository } from '../../src/repositories/label.repository.js';
import type { WorkRepository } from '../../src/repositories/work.repository.js';
import { CatalogueService } from '../../src/services/catalogue.service.js';
import { CatalogueCache } from '../../src/services/catalogue-cache.js';

/** A label repository that counts its calls; `folds` says what each fold answers (true: up to date). */
function fakeLabels(folds: boolean[]) {
  const calls = { fold: 0, list: 0 };
  const labels = {
    async foldCountChanges() {
      calls.fold += 1;
      return folds.shift() ?? true;
    },
    async listWithCounts() {
      calls.list += 1;
      return [{ id: 1, name: '癒し', i18n: '{"en-us":{"name":"Healing"}}', count: 3 }];
    },
  } as unknown as LabelRepository;
  return { labels, calls };
}

function service(labels: LabelRepository) {
  // The version never moves within these tests.
  const cache = new CatalogueCache(async () => ({ version: 'v1', workChanges: 0, writes: 0 }));
  return new CatalogueService({} as WorkRepository, labels, {} as FileRepository, { cache });
}

const serialize = (list: unknown) => JSON.stringify(list);

describe('CatalogueService.labelListAnswer', () => {
  it('builds a list once per version, encoded three ways under one content ETag', async () => {
    const { labels, calls } = fakeLabels([]);
    const catalogue = service(labels);
    const [first, second] = await Promise.all([
      catalogue.labelListAnswer('tags', serialize),
      catalogue.labelListAnswer('tags', serialize),
    ]);
    const third = await catalogue.labelListAnswer('tags', serialize);
    expect(calls).toEqual({ fold: 1, list: 1 });
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(JSON.parse(first.json)).toEqual([
      { id: 1, name: '癒し', i18n: { 'en-us': { name: 'Healing' } }, count: 3 },
    ]);
    expect(gunzipSync(first.gzip).toString()).toBe(first.json);
    expect(brotliDecompressSync(first.br).toString()).toBe(first.json);
    expect(first.etag).toMatch(/^W\/"[\w-]{27}"$/);
  });

  it('does not keep a list whose counts could not be folded, nor a failed build', async () => {
    const { labels, calls } = fakeLabels([false, true]);
    const catalogue = service(labels);
    await catalogue.labelListAnswer('vas', serialize);
    await catalogue.labelListAnswer('vas', serialize);
    await catalogue.labelListAnswer('vas', serialize);
    expect(calls).toEqual({ fold: 2, list: 2 });

    const failing = service({
      foldCountChanges: async () => {
        throw new Error('database gone');
      },
    } as unknown as LabelRepository);
    await expect(failing.labelListAnswer('circles', serialize)).rejects.toThrow('database gone');
    await expect(failing.labelListAnswer('circles', serialize)).rejects.toThrow('database gone');
  });
});
