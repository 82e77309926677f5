import { defineMessages } from '../../i18n/catalogue';

/**
 * Recommendation rows: the works page's "For you" and "Popular", the work page's "Similar works".
 * Namespace `recommend` (first bundle: both pages show them).
 */
export const recommendationMessages = defineMessages({
  en: {
    heading: 'Recommended',
    forYou: 'For you',
    popular: 'Popular',
    similar: 'Similar works',
  },
  'zh-CN': {
    heading: '推荐',
    forYou: '为你推荐',
    popular: '热门',
    similar: '相似作品',
  },
  ja: {
    heading: 'おすすめ',
    forYou: 'あなたへのおすすめ',
    popular: '人気',
    similar: '似ている作品',
  },
});
