import type { CatalogueWriteRepository } from '../repositories/catalogue-write.repository.js';
import type { WorkIdSet } from './work-id-set.js';

/** Stored works read a page at a time by the removed-works pass. */
const PAGE = 1000;

/**
 * The works stored as present whose folder the scan did not find, among those `counts` accepts (their
 * library folder was reachable and in the scan's scope). The catalogue is read a page at a time in id
 * order, so the pass holds a page and the ids it returns, never the whole library.
 */
export async function worksNotFound(
  catalogue: Pick<CatalogueWriteRepository, 'presentWorksAfter'>,
  found: WorkIdSet,
  counts: (work: { root_dir: string; dir: string }) => boolean,
): Promise<number[]> {
  const gone: number[] = [];
  let afterId = -1; // below every id: codes and local ids are 0 or more
  for (;;) {
    const page = await catalogue.presentWorksAfter(afterId, PAGE);
    for (const work of page) if (!found.has(work.id) && counts(work)) gone.push(work.id);
    if (page.length < PAGE) return gone;
    afterId = (page.at(-1) as { id: number }).id;
  }
}
