import { defineMessages } from '../../i18n/catalogue';

/** The about page. */
export const aboutMessages = defineMessages({
  en: {
    title: 'About',
    tagline: 'A self-hosted library and player for doujin audio works, speaking the kikoeru API.',
    versions: { title: 'Versions', web: 'Web app', server: 'Server', unknown: 'unknown' },
    links: {
      title: 'Links',
      apiDocs: 'API document (OpenAPI)',
      apiDocsHint: 'Every call the server answers, as an OpenAPI document.',
      projectDocs: 'Project documentation',
      projectDocsHint: 'Installing, configuring and deploying: in the source, see {{files}}.',
      ecosystem: 'The kikoeru ecosystem',
      ecosystemHint: 'Apps written for kikoeru work with this server too.',
    },
    licences: {
      title: 'Open-source licences',
      intro: 'The web app is built on {{count}} open-source libraries. Thank you to their authors.',
      name: 'Library',
      version: 'Version',
      licence: 'Licence',
      failed: 'The list of licences could not be loaded.',
    },
  },
  'zh-CN': {
    title: '关于',
    tagline: '自托管的同人音声作品库与播放器，兼容 kikoeru API。',
    versions: { title: '版本', web: '网页应用', server: '服务器', unknown: '未知' },
    links: {
      title: '链接',
      apiDocs: 'API 文档（OpenAPI）',
      apiDocsHint: '服务器提供的全部接口，OpenAPI 格式。',
      projectDocs: '项目文档',
      projectDocsHint: '安装、配置与部署说明：见源码中的 {{files}}。',
      ecosystem: 'kikoeru 生态',
      ecosystemHint: '为 kikoeru 编写的应用同样可以连接本服务器。',
    },
    licences: {
      title: '开源许可',
      intro: '本网页应用使用了 {{count}} 个开源库，感谢各位作者。',
      name: '库',
      version: '版本',
      licence: '许可证',
      failed: '无法加载许可证列表。',
    },
  },
  ja: {
    title: 'このアプリについて',
    tagline: '同人音声作品のためのセルフホスト型ライブラリ＆プレーヤー。kikoeru API に対応しています。',
    versions: { title: 'バージョン', web: 'Web アプリ', server: 'サーバー', unknown: '不明' },
    links: {
      title: 'リンク',
      apiDocs: 'API ドキュメント（OpenAPI）',
      apiDocsHint: 'サーバーが提供するすべての API を OpenAPI 形式でまとめたものです。',
      projectDocs: 'プロジェクトのドキュメント',
      projectDocsHint: 'インストール・設定・デプロイの方法は、ソースの {{files}} を参照してください。',
      ecosystem: 'kikoeru エコシステム',
      ecosystemHint: 'kikoeru 向けのアプリもこのサーバーで使えます。',
    },
    licences: {
      title: 'オープンソースライセンス',
      intro:
        'この Web アプリは {{count}} 個のオープンソースライブラリを使用しています。作者の皆さまに感謝します。',
      name: 'ライブラリ',
      version: 'バージョン',
      licence: 'ライセンス',
      failed: 'ライセンス一覧を読み込めませんでした。',
    },
  },
});
