import type { MarkedWorkRows, WorkRepository } from '../repositories/work.repository.js';
import { LruMap } from '../util/lru-map.js';

/** The works one listener has their own fields on (`reviews`) and has voted tags of. */
export interface MarkedWorks {
  reviewed: ReadonlySet<number>;
  voted: ReadonlySet<number>;
}

interface Known {
  marks: MarkedWorks;
  reviewsMark: string;
}

/** One listener's marks for one catalogue generation. */
class Entry {
  known: Known | null = null;
  checkedAt = Number.NEGATIVE_INFINITY;
  checking: Promise<MarkedWorks> | null = null;

  constructor(readonly generation: number) {}
}

/**
 * Which works each listener has marked, so that a page none of whose works they marked is answered
 * without asking the database for their fields (it is then the page every listener shares, kept encoded),
 * and a single work they never rated nor voted on costs no lookup of their rating or votes. On PostgreSQL
 * that lookup was one round trip on every request: on page 1 with 16 clients, the request's only query.
 *
 * Kept per process for `maxAgeMs` (a second, as the catalogue version; checked ahead, after the answer,
 * once half as old, so a listener who keeps asking never waits for it), then checked with one small
 * query (the count and latest change of their reviews, `WorkRepository.reviewsMark`) and read again
 * only when that moved. This process's own review writes forget the listener at once (`forget`); another
 * process's show within `maxAgeMs`. Tag votes drop their work from the catalogue cache and a work's move
 * to a new code moves the catalogue version: either moves the cache's marks epoch, so marks are kept per
 * marks epoch (CatalogueCache.marksEpoch) and read again after it moves; a background move (a batch of the
 * DLsite fetch, a scan's heartbeat) does not move it. At most `limit` listeners
 * are kept (a few bytes per marked work each).
 */
export class UserMarks {
  private readonly entries: LruMap<number, Entry>;

  constructor(
    private readonly repository: Pick<WorkRepository, 'reviewsMark' | 'markedWorks'>,
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = 1_000,
    limit = 1_000,
  ) {
    this.entries = new LruMap(limit);
  }

  /** The user's marks; `generation` is the catalogue cache's marks epoch (CatalogueCache.marksEpoch). */
  of(userId: number, generation: number): Promise<MarkedWorks> {
    let entry = this.entries.get(userId);
    if (!entry || entry.generation !== generation) {
      entry = new Entry(generation);
      this.entries.set(userId, entry);
    }
    const age = this.now() - entry.checkedAt;
    if (entry.known && age < this.maxAgeMs) {
      // Read ahead, as the catalogue version (CatalogueCache.refresh): past half its age the mark is
      // checked after this answer, so a listener who keeps asking never waits for the check.
      if (age >= this.maxAgeMs / 2 && !entry.checking) {
        const current = entry;
        setImmediate(() => this.checkOnce(userId, current).catch(() => {}));
      }
      return Promise.resolve(entry.known.marks);
    }
    return this.checkOnce(userId, entry);
  }

  /** One check of the entry at a time: the requests that come meanwhile wait for that one. */
  private checkOnce(userId: number, entry: Entry): Promise<MarkedWorks> {
    entry.checking ??= this.check(userId, entry).finally(() => {
      entry.checking = null;
    });
    return entry.checking;
  }

  /**
   * This process changed the user's reviews: their next read looks again. A check under way keeps
   * answering the requests that began before the write, and no longer updates what is kept.
   */
  forget(userId: number): void {
    this.entries.delete(userId);
  }

  private async check(userId: number, entry: Entry): Promise<MarkedWorks> {
    const startedAt = this.now();
    const { known } = entry;
    if (known && (await this.repository.reviewsMark(userId)) === known.reviewsMark) {
      entry.checkedAt = startedAt;
      return known.marks;
    }
    entry.known = toKnown(await this.repository.markedWorks(userId));
    entry.checkedAt = startedAt;
    return entry.known.marks;
  }
}

function toKnown(rows: MarkedWorkRows): Known {
  return {
    marks: { reviewed: new Set(rows.reviewed), voted: new Set(rows.voted) },
    reviewsMark: rows.reviewsMark,
  };
}
