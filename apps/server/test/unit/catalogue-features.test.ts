import { describe, expect, it } from 'vitest';
import type { RecommenderRepository, WorkFeatureRow } from '../../src/repositories/recommender.repository.js';
import { CatalogueFeatures } from '../../src/services/recommender/catalogue-features.js';

/** A generated catalogue behind the build's one read, recording how many rows each answer held. */
function fakeCatalogue(workCount: number) {
  let seed = 13;
  const next = (below: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % below;
  };
  const works: WorkFeatureRow[] = [];
  const tags: Array<{ work_id: number; tag_id: number }> = [];
  const vas: Array<{ work_id: number; va_id: string }> = [];
  for (let i = 0; i < workCount; i += 1) {
    const id = 1_000_000 + i * 3;
    const own = [...new Set(Array.from({ length: next(6) }, () => next(120)))].sort((a, b) => a - b);
    const voices = [...new Set(Array.from({ length: next(3) }, () => `va-${next(900)}`))].sort();
    // Every 50th work is missing: the repository does not answer it.
    if (i % 50 === 0) continue;
    works.push({
      id,
      circle_id: i % 7 === 0 ? null : next(400),
      has_subtitle: i % 3,
      dl_count: i,
      // As the databases aggregate them: JSON text, null (PostgreSQL) or '[]' (SQLite) for none.
      tag_ids: own.length === 0 && i % 2 === 0 ? null : JSON.stringify(own),
      va_ids: voices.length === 0 && i % 2 === 0 ? null : JSON.stringify(voices),
    });
    for (const tag of own) tags.push({ work_id: id, tag_id: tag });
    for (const va of voices) vas.push({ work_id: id, va_id: va });
  }
  const largestAnswer = { rows: 0 };
  const repository = {
    async presentWorks(after: number, limit: number) {
      const answer = works.filter((work) => work.id > after).slice(0, limit);
      largestAnswer.rows = Math.max(largestAnswer.rows, answer.length);
      return answer;
    },
  } as unknown as RecommenderRepository;
  return { works, tags, vas, repository, largestAnswer };
}

describe('CatalogueFeatures.load', () => {
  it('reads the catalogue a slice at a time and indexes every present work’s labels both ways', async () => {
    const catalogue = fakeCatalogue(12_000);
    const features = await CatalogueFeatures.load(catalogue.repository);

    // Never the whole catalogue's rows at once (hundreds of MB at 100,000 works), and one row a work
    // with its labels, not one a link: node-postgres made an object of each of 770,000 link rows.
    expect(catalogue.largestAnswer.rows).toBeLessThanOrEqual(5_000);

    // Works by ascending id; each one's labels are its circle, its tags and its voices, in that order.
    expect([...features.ids]).toEqual(catalogue.works.map((work) => work.id));
    const byWork = new Map<number, string[]>();
    const add = (workId: number, name: string) => byWork.set(workId, [...(byWork.get(workId) ?? []), name]);
    for (const row of catalogue.tags) add(row.work_id, `tag:${row.tag_id}`);
    for (const row of catalogue.vas) add(row.work_id, `va:${row.va_id}`);
    const expectedLabels = (work: WorkFeatureRow) => [
      ...(work.circle_id === null ? [] : [`circle:${work.circle_id}`]),
      ...(byWork.get(work.id) ?? []),
    ];
    // Dense label indexes stand for one label each, the same for every work carrying it.
    const nameOf = new Map<number, string>();
    const carriers = new Map<string, number[]>();
    for (const [index, work] of catalogue.works.entries()) {
      expect(features.indexOf(work.id)).toBe(index);
      expect(features.hasSubtitle[index]).toBe(work.has_subtitle ? 1 : 0);
      const names = expectedLabels(work);
      const labels = [...features.labelsOf(index)];
      expect(labels).toHaveLength(names.length);
      for (const [position, label] of labels.entries()) {
        const name = names[position] as string;
        expect(nameOf.get(label) ?? name).toBe(name);
        nameOf.set(label, name);
        const list = carriers.get(name);
        if (list) list.push(index);
        else carriers.set(name, [index]);
      }
    }
    // Each label's works (ascending) and its weight, kind × idf; common labels are not walked.
    const kindWeight: Record<string, number> = { tag: 1, circle: 1.3, va: 1.6 };
    for (const [label, name] of nameOf) {
      const works = carriers.get(name) as number[];
      const weight =
        (kindWeight[name.split(':')[0] as string] as number) * Math.log(1 + features.size / works.length);
      expect(features.weight(label)).toBeCloseTo(weight, 12);
      expect(features.walkable(label)).toEqual({
        works: Int32Array.from(works),
        weight: features.weight(label),
      });
    }
    expect(features.walkable(nameOf.size)).toBeNull();
  });

  it('builds in typed columns: the build allocates little more than the index it keeps', async () => {
    const catalogue = fakeCatalogue(40_000);
    const links =
      catalogue.tags.length +
      catalogue.vas.length +
      catalogue.works.filter((work) => work.circle_id !== null).length;
    const { allocated, result: features } = await typedArrayBytesDuring(() =>
      CatalogueFeatures.load(catalogue.repository),
    );
    const labelCount = new Set([
      ...catalogue.tags.map((row) => `tag:${row.tag_id}`),
      ...catalogue.vas.map((row) => `va:${row.va_id}`),
      ...catalogue.works.map((work) => `circle:${work.circle_id}`),
    ]).size;
    // What the index keeps: its work columns, both directions' offsets and links, each label's weight.
    const kept =
      features.ids.byteLength +
      features.hasSubtitle.byteLength +
      features.downloads.byteLength +
      (features.size + 1 + labelCount + 1) * 4 +
      links * 4 * 2 +
      labelCount * 8;
    // Collected in chunks and copied once into arrays of their exact length: every byte kept was
    // allocated twice, plus each of the five columns' last chunk, partly used (256 KiB each). A list
    // grown by doubling allocated its final capacity twice over (every smaller copy before it), a
    // quarter of it unused, and then the by-row copy of its pairs.
    expect(allocated).toBeLessThan(2 * kept + 5 * 256 * 1_024);
  });
});

/**
 * The bytes of every typed array `run` makes (views such as `subarray` allocate none), counted by
 * standing in for the constructors the code under test names.
 */
async function typedArrayBytesDuring<T>(run: () => Promise<T>): Promise<{ allocated: number; result: T }> {
  const originals = { Int32Array, Float64Array, Uint8Array };
  let allocated = 0;
  const counting = <C extends typeof Int32Array | typeof Float64Array | typeof Uint8Array>(Base: C) =>
    class extends (Base as typeof Int32Array) {
      // biome-ignore lint/suspicious/noExplicitAny: the typed array constructors' several forms
      constructor(...args: any[]) {
        super(...(args as []));
        if (typeof args[0] === 'number' || Array.isArray(args[0])) allocated += this.byteLength;
      }
    } as unknown as C;
  Object.assign(globalThis, {
    Int32Array: counting(Int32Array),
    Float64Array: counting(Float64Array),
    Uint8Array: counting(Uint8Array),
  });
  try {
    const result = await run();
    return { allocated, result };
  } finally {
    Object.assign(globalThis, originals);
  }
}
