import { z } from 'zod';
import { MAX_ID, MAX_PAGE_SIZE } from './constants.js';

/**
 * `POST /api/recommender/popular | recommend-for-user | item-neighbors` (reference section 6): the body
 * today's apps send. The answer is the usual `Envelope`. `keyword` (apps send " "),
 * `localSubtitledWorks` and `recommenderUuid` are accepted and not used: the lists come from the
 * library's own data and the token's user.
 */
export const RecommenderBody = z.object({
  keyword: z.string().max(200).optional(),
  page: z.number().int().min(1).max(1_000).optional(),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  subtitle: z
    .union([z.literal(0), z.literal(1)])
    .optional()
    .describe('1: only works with subtitles'),
  localSubtitledWorks: z.array(z.unknown()).max(10_000).optional(),
  withPlaylistStatus: z.array(z.string()).max(100).optional(),
  recommenderUuid: z.string().max(100).optional(),
});
export type RecommenderBody = z.infer<typeof RecommenderBody>;

/**
 * `recommend-for-user`: the same body; `personalOnly` is Sasayaki's own (its web app's "For you" row,
 * which hides itself rather than repeat the "Popular" row beside it).
 */
export const RecommendForUserBody = RecommenderBody.extend({
  personalOnly: z
    .boolean()
    .optional()
    .describe(
      "Sasayaki: true answers an empty page, not the popular list, when the user's history (ratings, progress, plays) recommends nothing",
    ),
});
export type RecommendForUserBody = z.infer<typeof RecommendForUserBody>;

/** `item-neighbors`: the same body with the work the neighbours are asked for. */
export const ItemNeighborsBody = RecommenderBody.extend({
  itemId: z
    .number()
    .int()
    .min(1)
    .max(MAX_ID)
    .describe('The work id (at most MAX_ID, the database integer ids)'),
});
export type ItemNeighborsBody = z.infer<typeof ItemNeighborsBody>;

/** The lists stop here, as asmr.one's do (about 100 works). */
export const RECOMMENDATION_LIMIT = 100;
