import type { FeatureMessages } from './catalogue';
import { DEFERRED_MESSAGES } from './deferred-messages';
import { SHELL_MESSAGES } from './shell-messages';
import { WORK_MESSAGES } from './work-messages';

/**
 * Every feature's messages, by namespace key: for the catalogue test and the test set-up. The app itself
 * loads SHELL_MESSAGES at start, WORK_MESSAGES and DEFERRED_MESSAGES on demand. A new feature's
 * `messages.ts` goes into one of those three files.
 */
export const FEATURE_MESSAGES: Record<string, FeatureMessages> = {
  ...SHELL_MESSAGES,
  ...WORK_MESSAGES,
  ...DEFERRED_MESSAGES,
};
