import type { AttachTagsResult, TagVoteResult, TagVoteValue, Work } from '@sasayaki/api-contract';
import { NotFound } from '../errors.js';
import type { TagVoteCounts, TagVoteRepository } from '../repositories/tag-vote.repository.js';

const NO_VOTES: ReadonlyMap<number, TagVoteValue> = new Map();

/**
 * Tag votes (asmr.one's `/api/vote/…`, docs/clients.md "Tag votes"): a member votes a tag of a work up or
 * down, or attaches existing tags to a work. Counts travel on each work's tags (`work-serializer.ts`,
 * which also hides a tag voted down past `HIDDEN_TAG_SCORE`); the caller's own vote is added here, on the
 * single work's answer only, so the lists pay nothing for it.
 */
export class TagVoteService {
  constructor(
    private readonly votes: TagVoteRepository,
    /** This process changed the catalogue: its cache reads the new version at once. */
    private readonly catalogueChanged: () => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** 404 when the work is unknown or missing, or when the tag is not one of the work's. */
  async vote(userId: number, workId: number, tagId: number, vote: TagVoteValue): Promise<TagVoteResult> {
    await this.presentWork(workId);
    if (!(await this.votes.workHasTag(workId, tagId)))
      throw new NotFound(`Tag ${tagId} is not a tag of work ${workId}`);
    const counts = await this.votes.vote(userId, workId, tagId, vote, this.now().toISOString());
    this.catalogueChanged();
    return result(workId, counts);
  }

  /** 404 when the work is unknown or missing, or any tag does not exist (nothing is attached then). */
  async attach(userId: number, workId: number, tagIds: readonly number[]): Promise<AttachTagsResult> {
    await this.presentWork(workId);
    const unique = [...new Set(tagIds)];
    const existing = await this.votes.existingTags(unique);
    const unknown = unique.find((id) => !existing.has(id));
    if (unknown !== undefined) throw new NotFound(`Tag ${unknown} not found`);
    const counts = await this.votes.attach(userId, workId, unique, this.now().toISOString());
    this.catalogueChanged();
    return { workID: workId, tags: counts.map((tag) => result(workId, tag)) };
  }

  /**
   * The work with the member's own vote on each tag (`myVote`, 0 where none). `voted`: the works they
   * voted on (CatalogueService.marksOf), so a work they never voted on costs no lookup.
   */
  async withMyVotes(work: Work, userId: number, voted: ReadonlySet<number>): Promise<Work> {
    if (work.tags.length === 0) return work;
    const mine = voted.has(work.id) ? await this.votes.votesOf(userId, work.id) : NO_VOTES;
    return { ...work, tags: work.tags.map((tag) => ({ ...tag, myVote: mine.get(tag.id) ?? 0 })) };
  }

  private async presentWork(workId: number): Promise<void> {
    if (!(await this.votes.workExists(workId))) throw new NotFound(`Work ${workId} not found`);
  }
}

function result(workId: number, counts: TagVoteCounts): TagVoteResult {
  return {
    workID: workId,
    tagID: counts.tagId,
    upvote: counts.upvote,
    downvote: counts.downvote,
    myVote: counts.myVote,
  };
}
