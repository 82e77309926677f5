import { defineMessages } from '../../i18n/catalogue';

/**
 * The "Add to playlist" menu shown on the work page, on work cards and in the player: namespace
 * `playlistMenu` (in the first bundle, as cards show its button).
 */
export const playlistMenuMessages = defineMessages({
  en: {
    add: 'Add to playlist',
    more: 'More actions for “{{title}}”',
    inPlaylist: 'In this playlist',
    none: 'No playlists yet',
    marked: 'Marked',
    liked: 'Liked',
  },
  'zh-CN': {
    add: '加入播放列表',
    more: '“{{title}}”的更多操作',
    inPlaylist: '已在此播放列表中',
    none: '还没有播放列表',
    marked: '我标记的',
    liked: '我喜欢的',
  },
  ja: {
    add: 'プレイリストに追加',
    more: '「{{title}}」のその他の操作',
    inPlaylist: 'このプレイリストに入っています',
    none: 'プレイリストはまだありません',
    marked: 'マークした作品',
    liked: 'いいねした作品',
  },
});
