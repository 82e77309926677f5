import { z } from 'zod';
import { MAX_ID } from './constants.js';
import { PlaylistWorkRef } from './playlists.js';
import { ATTACH_TAGS_MAX } from './tag-vote-constants.js';

/**
 * Tag votes (reference section 8; docs/clients.md "Tag votes"): a member's up or down vote on one tag of
 * one work, and tags a member attaches to a work. Each tag of a `Work` carries its `upvote` and `downvote`
 * counts; `GET /api/work/:id` adds the caller's own `myVote`.
 */

const TagIdValue = z.number().int().min(1).max(MAX_ID).describe('A tag id (`Tag.id`)');

/** `POST /api/vote/vote-work-tag`. */
export const TagVoteBody = z.object({
  workID: PlaylistWorkRef.describe('The work: its id, or its code (RJ01234567)'),
  tagID: TagIdValue,
  status: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .describe('0 clears your vote, 1 votes the tag up, 2 votes it down'),
});
export type TagVoteBody = z.infer<typeof TagVoteBody>;

/** `POST /api/vote/attach-tags-to-work`: existing tags (by id) the member says the work has. */
export const AttachTagsBody = z.object({
  workID: PlaylistWorkRef.describe('The work: its id, or its code (RJ01234567)'),
  tagIDs: z.array(TagIdValue).min(1).max(ATTACH_TAGS_MAX),
});
export type AttachTagsBody = z.infer<typeof AttachTagsBody>;

/** One tag of one work after a vote: its counts and the caller's own vote. */
export const TagVoteResult = z.object({
  workID: z.number().int(),
  tagID: z.number().int(),
  upvote: z.number().int(),
  downvote: z.number().int(),
  myVote: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type TagVoteResult = z.infer<typeof TagVoteResult>;

/** `attach-tags-to-work`'s answer: each named tag as it now stands (the member's up vote counted). */
export const AttachTagsResult = z.object({
  workID: z.number().int(),
  tags: z.array(TagVoteResult),
});
export type AttachTagsResult = z.infer<typeof AttachTagsResult>;
