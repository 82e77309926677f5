/**
 * Tag votes' values (reference section 8; docs/clients.md "Tag votes"), without zod so the web app can
 * take them as values (browser.ts).
 */

/** The apps' `status`: 0 clears the member's vote, 1 is up, 2 is down (also `myVote`'s values). */
export const TAG_VOTE = { none: 0, up: 1, down: 2 } as const;
export type TagVoteValue = (typeof TAG_VOTE)[keyof typeof TAG_VOTE];

/**
 * A tag whose up votes minus down votes is at or below this is left out of the work's `tags` (the apps'
 * views and Sasayaki's own): it takes two members more voting it down than up, so no single member hides
 * a tag alone. The tag stays on the work (searches and label pages still find it) and can be voted back.
 */
export const HIDDEN_TAG_SCORE = -2;

/** How many tags one `attach-tags-to-work` may name. */
export const ATTACH_TAGS_MAX = 50;
