import type { TagVoteValue } from '@sasayaki/api-contract';
import { type Kysely, sql } from 'kysely';
import { precompiledQuery } from '../db/precompiled-query.js';
import type { Database } from '../db/schema.js';
import { markWorkChanged } from './catalogue-version.js';

type Trx = Kysely<Database>;

/** One tag of one work: its counts (every member's votes) and one member's own vote (0 when none). */
export interface TagVoteCounts {
  tagId: number;
  upvote: number;
  downvote: number;
  myVote: TagVoteValue;
}

/**
 * Members' votes on a work's tags and the tags they attached (migration 2026-11-25-0011). Every write
 * marks the work changed in its transaction (`markWorkChanged`): a work's tags carry their counts, so its
 * cached card and the cached pages that show it must show the new ones. Nothing else moves: the label
 * lists count a tag's works from the providers' `work_tags` (an attached tag is not counted), and filters
 * and search read `work_tags` too, so no list, count or label list changes with a vote.
 */
export class TagVoteRepository {
  private readonly votesOfOne: (
    userId: number,
    workId: number,
  ) => Promise<Array<{ tag_id: number; vote: number }>>;

  constructor(private readonly db: Kysely<Database>) {
    // The work page of a signed-in member asks this on each load: compiled once.
    this.votesOfOne = precompiledQuery(db, (userId: number, workId: number) =>
      db
        .selectFrom('work_tag_votes')
        .select(['tag_id', 'vote'])
        .where('user_id', '=', userId)
        .where('work_id', '=', workId),
    );
  }

  /** Whether the work is present (not missing). */
  async workExists(workId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('works')
      .select('id')
      .where('id', '=', workId)
      .where('missing', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Of these tag ids, the ones that exist. */
  async existingTags(tagIds: readonly number[]): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('tags')
      .select('id')
      .where('id', 'in', [...tagIds])
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Whether the work carries the tag: from its providers (`work_tags`) or attached by a member. */
  async workHasTag(workId: number, tagId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('work_tags')
      .select('tag_id')
      .where('work_id', '=', workId)
      .where('tag_id', '=', tagId)
      .unionAll(
        this.db
          .selectFrom('work_tag_attachments')
          .select('tag_id')
          .where('work_id', '=', workId)
          .where('tag_id', '=', tagId),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The member's votes on the work's tags, by tag id. */
  async votesOf(userId: number, workId: number): Promise<Map<number, TagVoteValue>> {
    const rows = await this.votesOfOne(userId, workId);
    return new Map(rows.map((row) => [row.tag_id, row.vote as TagVoteValue]));
  }

  /** Sets (1 up, 2 down) or clears (0) the member's vote; the tag's counts after it. */
  async vote(
    userId: number,
    workId: number,
    tagId: number,
    vote: TagVoteValue,
    now: string,
  ): Promise<TagVoteCounts> {
    return this.db.transaction().execute(async (trx) => {
      await this.write(trx, userId, workId, [tagId], vote, now);
      const [counts] = await this.countsOf(trx, userId, workId, [tagId]);
      await markWorkChanged(trx, workId);
      return counts as TagVoteCounts;
    });
  }

  /**
   * Attaches existing tags to the work (once each, whoever asks first) with the member's up vote on each;
   * the tags' counts after it.
   */
  async attach(
    userId: number,
    workId: number,
    tagIds: readonly number[],
    now: string,
  ): Promise<TagVoteCounts[]> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('work_tag_attachments')
        .values(tagIds.map((tag_id) => ({ work_id: workId, tag_id, user_id: userId, created_at: now })))
        .onConflict((conflict) => conflict.columns(['work_id', 'tag_id']).doNothing())
        .execute();
      await this.write(trx, userId, workId, tagIds, 1, now);
      const counts = await this.countsOf(trx, userId, workId, tagIds);
      await markWorkChanged(trx, workId);
      return counts;
    });
  }

  private async write(
    trx: Trx,
    userId: number,
    workId: number,
    tagIds: readonly number[],
    vote: TagVoteValue,
    now: string,
  ): Promise<void> {
    if (vote === 0) {
      await trx
        .deleteFrom('work_tag_votes')
        .where('user_id', '=', userId)
        .where('work_id', '=', workId)
        .where('tag_id', 'in', [...tagIds])
        .execute();
      return;
    }
    await trx
      .insertInto('work_tag_votes')
      .values(tagIds.map((tag_id) => ({ user_id: userId, work_id: workId, tag_id, vote, updated_at: now })))
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'work_id', 'tag_id']).doUpdateSet({ vote, updated_at: now }),
      )
      .execute();
  }

  /** Each tag's counts on the work and the member's vote, in the order of `tagIds`. */
  private async countsOf(
    trx: Trx,
    userId: number,
    workId: number,
    tagIds: readonly number[],
  ): Promise<TagVoteCounts[]> {
    const rows = await trx
      .selectFrom('work_tag_votes')
      .select([
        'tag_id',
        sql<number>`sum(CASE WHEN vote = 1 THEN 1 ELSE 0 END)`.as('up'),
        sql<number>`sum(CASE WHEN vote = 2 THEN 1 ELSE 0 END)`.as('down'),
        sql<number>`max(CASE WHEN user_id = ${userId} THEN vote ELSE 0 END)`.as('mine'),
      ])
      .where('work_id', '=', workId)
      .where('tag_id', 'in', [...tagIds])
      .groupBy('tag_id')
      .execute();
    const byTag = new Map(rows.map((row) => [row.tag_id, row]));
    return tagIds.map((tagId) => {
      const row = byTag.get(tagId);
      return {
        tagId,
        upvote: Number(row?.up ?? 0),
        downvote: Number(row?.down ?? 0),
        myVote: Number(row?.mine ?? 0) as TagVoteValue,
      };
    });
  }
}
