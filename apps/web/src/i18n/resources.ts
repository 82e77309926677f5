import { commonMessages } from '../app/messages';
import { feedbackMessages } from '../components/feedback/messages';
import { reviewMessages } from '../components/review/messages';
import { workCardMessages } from '../components/work/messages';
import { aboutMessages } from '../features/about/messages';
import { adminMessages } from '../features/admin/messages';
import { authMessages } from '../features/auth/messages';
import { favouritesMessages } from '../features/favourites/messages';
import { labelsMessages } from '../features/labels/messages';
import { noticesMessages } from '../features/notices/messages';
import { playerMessages } from '../player/messages';
import { settingsMessages } from '../features/settings/messages';
import { workMessages } from '../features/work/messages';
import { worksMessages } from '../features/works/messages';
import type { FeatureMessages, Messages } from './catalogue';
import { LANGUAGES, type Language } from './languages';

/** Every feature's messages, by namespace key. Add a feature's `messages.ts` here. */
export const FEATURE_MESSAGES: Record<string, FeatureMessages> = {
  common: commonMessages,
  player: playerMessages,
  auth: authMessages,
  settings: settingsMessages,
  about: aboutMessages,
  admin: adminMessages,
  notices: noticesMessages,
  works: worksMessages,
  work: workMessages,
  workCard: workCardMessages,
  review: reviewMessages,
  feedback: feedbackMessages,
  favourites: favouritesMessages,
  labels: labelsMessages,
};

export function resourcesFor(language: Language): Messages {
  return Object.fromEntries(
    Object.entries(FEATURE_MESSAGES).map(([key, messages]) => [key, messages[language]]),
  );
}

export const RESOURCES = Object.fromEntries(
  LANGUAGES.map((language) => [language, { translation: resourcesFor(language) }]),
) as Record<Language, { translation: Messages }>;
