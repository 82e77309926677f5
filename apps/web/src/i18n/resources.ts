import { commonMessages } from '../app/messages';
import { reviewMessages } from '../components/review/messages';
import { workCardMessages } from '../components/work/messages';
import { aboutMessages } from '../features/about/messages';
import { adminMessages } from '../features/admin/messages';
import { authMessages } from '../features/auth/messages';
import { noticesMessages } from '../features/notices/messages';
import { settingsMessages } from '../features/settings/messages';
import { workMessages } from '../features/work/messages';
import { worksMessages } from '../features/works/messages';
import { feedbackMessages } from '../components/feedback/messages';
import type { FeatureMessages, Messages } from './catalogue';
import { LANGUAGES, type Language } from './languages';

/** Every feature's messages, by namespace key. Add a feature's `messages.ts` here. */
export const FEATURE_MESSAGES: Record<string, FeatureMessages> = {
  common: commonMessages,
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
};

export function resourcesFor(language: Language): Messages {
  return Object.fromEntries(
    Object.entries(FEATURE_MESSAGES).map(([key, messages]) => [key, messages[language]]),
  );
}

export const RESOURCES = Object.fromEntries(
  LANGUAGES.map((language) => [language, { translation: resourcesFor(language) }]),
) as Record<Language, { translation: Messages }>;
