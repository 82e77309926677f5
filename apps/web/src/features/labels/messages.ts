import { defineMessages } from '../../i18n/catalogue';

/** The circles, tags and voice actors screens (one screen restricted by kind). */
export const labelsMessages = defineMessages({
  en: {
    title: {
      circles: 'All circles',
      tags: 'All tags',
      vas: 'All voice actors',
    },
    filter: {
      circles: 'Filter circles',
      tags: 'Filter tags (any language)',
      vas: 'Filter voice actors',
    },
    clearFilter: 'Clear filter',
    sortBy: 'Sort by',
    byName: 'Name',
    byCount: 'Works',
    shown: '{{shown}} of {{total}}',
    works_one: '{{count}} work',
    works_other: '{{count}} works',
    empty: 'Nothing in the library yet.',
    noMatch: 'Nothing matches "{{filter}}".',
  },
  'zh-CN': {
    title: {
      circles: '全部社团',
      tags: '全部标签',
      vas: '全部声优',
    },
    filter: {
      circles: '筛选社团',
      tags: '筛选标签（支持各语言名称）',
      vas: '筛选声优',
    },
    clearFilter: '清除筛选',
    sortBy: '排序',
    byName: '名称',
    byCount: '作品数',
    shown: '{{shown}} / {{total}}',
    works_one: '{{count}} 部作品',
    works_other: '{{count}} 部作品',
    empty: '媒体库中还没有内容。',
    noMatch: '没有与“{{filter}}”匹配的结果。',
  },
  ja: {
    title: {
      circles: 'サークル一覧',
      tags: 'タグ一覧',
      vas: '声優一覧',
    },
    filter: {
      circles: 'サークルを絞り込む',
      tags: 'タグを絞り込む（各言語の名前に対応）',
      vas: '声優を絞り込む',
    },
    clearFilter: '絞り込みを解除',
    sortBy: '並び替え',
    byName: '名前',
    byCount: '作品数',
    shown: '{{shown}} / {{total}}',
    works_one: '{{count}} 作品',
    works_other: '{{count}} 作品',
    empty: 'ライブラリにはまだ何もありません。',
    noMatch: '「{{filter}}」に一致するものはありません。',
  },
});
