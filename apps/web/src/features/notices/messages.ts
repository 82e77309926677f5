import { defineMessages } from '../../i18n/catalogue';

/** Notices shown over the app: new version, maintenance lock, old iOS. */
export const noticesMessages = defineMessages({
  en: {
    newVersion: 'new version released',
    newVersionDetail: 'Sasayaki {{version}} is installed on this server.',
    updateAvailable: 'An update of the server is available.',
    lock: 'The library needs a rescan by an administrator',
    lockAction: 'Go to the scanner',
    ios: 'Please upgrade your iPhone / iPad to iOS 15.6.1 or later, so that the next track can play in the background.',
    neverShow: 'Never show again',
  },
  'zh-CN': {
    newVersion: '新版本发布！',
    newVersionDetail: '服务器已更新到 Sasayaki {{version}}。',
    updateAvailable: '服务器有可用的更新。',
    lock: '媒体库需要管理员重新扫描',
    lockAction: '前往扫描页',
    ios: '请将您的 iPhone / iPad 升级到 iOS 15.6.1 或更高版本，以便在后台自动播放下一首。',
    neverShow: '不再显示',
  },
  ja: {
    newVersion: '新しいバージョンがリリースされました',
    newVersionDetail: 'このサーバーに Sasayaki {{version}} がインストールされました。',
    updateAvailable: 'サーバーのアップデートがあります。',
    lock: 'ライブラリは管理者による再スキャンが必要です',
    lockAction: 'スキャンページへ',
    ios: 'バックグラウンドで次のトラックを再生するには、iPhone / iPad を iOS 15.6.1 以降にアップデートしてください。',
    neverShow: '今後表示しない',
  },
});
