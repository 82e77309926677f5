import { feedbackMessages } from '../components/feedback/messages';
import { reviewMessages } from '../components/review/messages';
import { workEditMessages } from '../features/work/edit/messages';
import { workMessages } from '../features/work/messages';
import { workSourcesMessages } from '../features/work/sources/messages';
import { workTagMessages } from '../features/work/tags/messages';
import type { FeatureMessages } from './catalogue';

/**
 * The work page's messages (its page, tree, sources and dialogs): their own lazy chunk, so a phone opening
 * /work/:id fetches and parses these before its first paint, not every other screen's (issue 14).
 */
export const WORK_MESSAGES: Record<string, FeatureMessages> = {
  work: workMessages,
  workEdit: workEditMessages,
  workSources: workSourcesMessages,
  workTags: workTagMessages,
  review: reviewMessages,
  feedback: feedbackMessages,
};
