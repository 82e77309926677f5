import { commonMessages } from '../app/messages';
import { playlistMenuMessages } from '../components/playlist/messages';
import { editionMessages } from '../components/work/edition-messages';
import { workCardMessages } from '../components/work/messages';
import { recommendationMessages } from '../components/work/recommendation-messages';
import { noticesMessages } from '../features/notices/messages';
import { worksMessages } from '../features/works/messages';
import type { FeatureMessages } from './catalogue';

/** Messages of the shell and the works page: in the first bundle, so the first screen renders in one go. */
export const SHELL_MESSAGES: Record<string, FeatureMessages> = {
  common: commonMessages,
  notices: noticesMessages,
  works: worksMessages,
  workCard: workCardMessages,
  editions: editionMessages,
  playlistMenu: playlistMenuMessages,
  recommend: recommendationMessages,
};
