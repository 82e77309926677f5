import { feedbackMessages } from '../components/feedback/messages';
import { reviewMessages } from '../components/review/messages';
import { aboutMessages } from '../features/about/messages';
import { inboxMessages } from '../features/admin/inbox/messages';
import { adminMessages } from '../features/admin/messages';
import { usersMessages } from '../features/admin/users/messages';
import { authMessages } from '../features/auth/messages';
import { favouritesMessages } from '../features/favourites/messages';
import { labelsMessages } from '../features/labels/messages';
import { settingsMessages } from '../features/settings/messages';
import { workEditMessages } from '../features/work/edit/messages';
import { workMessages } from '../features/work/messages';
import { workSourcesMessages } from '../features/work/sources/messages';
import { playerMessages } from '../player/messages';
import type { FeatureMessages } from './catalogue';

/** Every other screen's messages: one lazy chunk, loaded before those screens (see i18n/index.ts). */
export const DEFERRED_MESSAGES: Record<string, FeatureMessages> = {
  player: playerMessages,
  auth: authMessages,
  settings: settingsMessages,
  about: aboutMessages,
  admin: adminMessages,
  users: usersMessages,
  inbox: inboxMessages,
  work: workMessages,
  workEdit: workEditMessages,
  workSources: workSourcesMessages,
  review: reviewMessages,
  feedback: feedbackMessages,
  favourites: favouritesMessages,
  labels: labelsMessages,
};
