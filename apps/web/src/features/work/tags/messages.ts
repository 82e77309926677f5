import { defineMessages } from '../../../i18n/catalogue';

/** Tag votes on the work page (members): namespace `workTags`. */
export const workTagMessages = defineMessages({
  en: {
    label: 'Tags (vote whether each fits this work)',
    up: 'Fits: vote “{{tag}}” up ({{count}})',
    down: 'Does not fit: vote “{{tag}}” down ({{count}})',
    hiddenHint: 'A tag voted down by two more members than voted it up is hidden.',
  },
  'zh-CN': {
    label: '标签（投票判断是否符合此作品）',
    up: '符合：为「{{tag}}」投赞成票（{{count}}）',
    down: '不符合：为「{{tag}}」投反对票（{{count}}）',
    hiddenHint: '反对票比赞成票多两票的标签会被隐藏。',
  },
  ja: {
    label: 'タグ（この作品に合うかを投票）',
    up: '合う：「{{tag}}」に賛成票（{{count}}）',
    down: '合わない：「{{tag}}」に反対票（{{count}}）',
    hiddenHint: '反対票が賛成票より2票多いタグは非表示になります。',
  },
});
