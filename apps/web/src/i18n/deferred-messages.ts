import { aboutMessages } from '../features/about/messages';
import { inboxMessages } from '../features/admin/inbox/messages';
import { adminMessages } from '../features/admin/messages';
import { usersMessages } from '../features/admin/users/messages';
import { authMessages } from '../features/auth/messages';
import { favouritesMessages } from '../features/favourites/messages';
import { labelsMessages } from '../features/labels/messages';
import { adminSettingsMessages } from '../features/settings/admin/messages';
import { settingsMessages } from '../features/settings/messages';
import { playerMessages } from '../player/messages';
import type { FeatureMessages } from './catalogue';

/**
 * Every other screen's messages (the player's too): one lazy chunk, loaded before those screens and in
 * idle time after start (see i18n/index.ts). The work page's are in work-messages.ts.
 */
export const DEFERRED_MESSAGES: Record<string, FeatureMessages> = {
  player: playerMessages,
  auth: authMessages,
  settings: settingsMessages,
  adminSettings: adminSettingsMessages,
  about: aboutMessages,
  admin: adminMessages,
  users: usersMessages,
  inbox: inboxMessages,
  favourites: favouritesMessages,
  labels: labelsMessages,
};
