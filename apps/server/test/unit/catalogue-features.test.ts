import { describe, expect, it } from 'vitest';
import type { RecommenderRepository, WorkFeatureRow } from '../../src/repositories/recommender.repository.js';
import { CatalogueFeatures } from '../../src/services/recommender/catalogue-features.js';

/** A generated catalogue behind the three reads the build makes, recording how many rows each answered. */
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
    // Every 50th work is missing: it is not read, but its label rows are (the build skips them).
    if (i % 50 !== 0) {
      works.push({ id, circle_id: i % 7 === 0 ? null : next(400), has_subtitle: i % 3, dl_count: i });
    }
    const own = new Set(Array.from({ length: next(6) }, () => next(120)));
    for (const tag of [...own].sort((a, b) => a - b)) tags.push({ work_id: id, tag_id: tag });
    const voices = new Set(Array.from({ length: next(3) }, () => `va-${next(900)}`));
    for (const va of [...voices].sort()) vas.push({ work_id: id, va_id: va });
  }
  const largestAnswer = { works: 0, tags: 0, vas: 0 };
  const between = <T extends { work_id: number }>(rows: T[], first: number, last: number) =>
    rows.filter((row) => row.work_id >= first && row.work_id <= last);
  const repository = {
    async presentWorks(after: number, limit: number) {
      const answer = works.filter((work) => work.id > after).slice(0, limit);
      largestAnswer.works = Math.max(largestAnswer.works, answer.length);
      return answer;
    },
    async workTags(first: number, last: number) {
      const answer = between(tags, first, last);
      largestAnswer.tags = Math.max(largestAnswer.tags, answer.length);
      return answer;
    },
    async workVas(first: number, last: number) {
      const answer = between(vas, first, last);
      largestAnswer.vas = Math.max(largestAnswer.vas, answer.length);
      return answer;
    },
  } as unknown as RecommenderRepository;
  return { works, tags, vas, repository, largestAnswer };
}

describe('CatalogueFeatures.load', () => {
  it('reads the catalogue a slice at a time and indexes every present work’s labels both ways', async () => {
    const catalogue = fakeCatalogue(12_000);
    const features = await CatalogueFeatures.load(catalogue.repository);

    // Never the whole catalogue's rows at once: that was hundreds of MB at 100,000 works.
    expect(catalogue.largestAnswer.works).toBeLessThanOrEqual(5_000);
    expect(catalogue.largestAnswer.tags).toBeLessThan(catalogue.tags.length / 2);
    expect(catalogue.largestAnswer.vas).toBeLessThan(catalogue.vas.length / 2);

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
      expect(features.indexOf.get(work.id)).toBe(index);
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
});
