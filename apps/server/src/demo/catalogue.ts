import type { TagLanguage } from '@sasayaki/api-contract';

/**
 * The fixed vocabulary of the demo library: circles, voice actors, tags, titles and lines. Every name is
 * invented for the demo; ids look like DLsite's (5-digit maker ids, small genre ids) so the UI shows
 * realistic values.
 */

export interface DemoCircle {
  id: number;
  name: string;
}

export interface DemoTag {
  id: number;
  i18n: Record<TagLanguage, string>;
  /** Words that, found in a title, give the work this tag. */
  keywords: readonly string[];
}

/** One line of speech in the three subtitle languages. */
export interface DemoLine {
  ja: string;
  zh: string;
  en: string;
}

export const CIRCLES: readonly DemoCircle[] = [
  { id: 20417, name: 'ひだまり工房' },
  { id: 31562, name: 'Moonlit Whisper' },
  { id: 18833, name: 'おやすみ堂' },
  { id: 44210, name: 'Sleepy Cat Records' },
  { id: 27795, name: 'こもれび音響' },
  { id: 39051, name: '耳元ラボ' },
  { id: 50316, name: 'Amber Tone' },
  { id: 23648, name: 'ささやき屋' },
  { id: 46902, name: 'しずく庵' },
  { id: 35127, name: 'Starlight Binaural' },
  { id: 29480, name: '夜更かし放送局' },
  { id: 41739, name: 'ねこみみ茶房' },
  { id: 52284, name: 'Velvet Echo' },
  { id: 33906, name: 'あまやどり' },
  { id: 48561, name: '月影サウンド' },
];

export const VOICE_ACTORS: readonly string[] = [
  '柚木ひより',
  '桜井みなせ',
  '小鳥遊ゆい',
  '綾瀬しずく',
  '月城かなで',
  '藤咲あおい',
  '白雪るな',
  '七海ゆら',
  '朝比奈まひろ',
  '羽月こはる',
  '椎名ほのか',
  '秋野かえで',
  '星乃りん',
  '一ノ瀬つむぎ',
  '天音みお',
  '霧島ちとせ',
  '結城さくら',
  '九条あまね',
  '如月なぎさ',
  '東雲あかり',
];

const tag = (id: number, en: string, ja: string, zh: string, keywords: string[] = []): DemoTag => ({
  id,
  i18n: { 'en-us': en, 'ja-jp': ja, 'zh-cn': zh },
  keywords,
});

export const TAGS: readonly DemoTag[] = [
  tag(497, 'ASMR', 'ASMR', 'ASMR', ['ASMR']),
  tag(496, 'Binaural', 'バイノーラル', '双耳', ['バイノーラル', 'Binaural', 'ダミーヘッド']),
  tag(482, 'Healing', '癒し', '治愈', ['癒し', 'Healing', 'ヒーリング']),
  tag(164, 'Ear cleaning', '耳かき', '掏耳朵', ['耳かき', 'Ear Cleaning', '梵天']),
  tag(498, 'Whispering', '囁き', '耳语', ['囁き', 'ささやき', 'Whisper']),
  tag(501, 'Sleep', '睡眠', '睡眠', ['おやすみ', '睡眠', 'Sleep', '眠り', 'Goodnight']),
  tag(499, 'Sleeping together', '添い寝', '陪睡', ['添い寝']),
  tag(57, 'Heartwarming', 'ほのぼの', '温馨', ['ほのぼの', 'Cozy']),
  tag(52, 'Pure love', '純愛', '纯爱', ['純愛', '恋人']),
  tag(500, 'Girlfriend', '恋人同士', '恋人', ['恋人', 'Girlfriend']),
  tag(166, 'Older sister', 'お姉さん', '大姐姐', ['お姉さん', 'Onee-san']),
  tag(163, 'Little sister', '妹', '妹妹', ['妹']),
  tag(154, 'Maid', 'メイド', '女仆', ['メイド', 'Maid']),
  tag(118, 'Fantasy', 'ファンタジー', '奇幻', ['魔法', 'エルフ', 'Fantasy', 'Witch']),
  tag(138, 'Elf', 'エルフ', '精灵', ['エルフ', 'Elf']),
  tag(142, 'Animal ears', 'ケモミミ', '兽耳', ['猫', 'ケモミミ', 'きつね', 'Fox']),
  tag(56, 'Slice of life', '日常', '日常', ['日常', '放課後', 'Café']),
  tag(502, 'Massage', 'マッサージ', '按摩', ['マッサージ', 'Massage']),
  tag(55, 'Comedy', 'コメディ', '喜剧', ['ドタバタ']),
  tag(167, 'Tsundere', 'ツンデレ', '傲娇', ['ツンデレ', '素直じゃない']),
  tag(169, 'Yandere', 'ヤンデレ', '病娇', ['ヤンデレ', 'ずっと一緒']),
  tag(503, 'Environmental sounds', '環境音', '环境音', ['雨', '波', '焚き火', 'Rain', 'Ocean', 'Fireplace']),
  tag(504, 'Hypnosis', '催眠音声', '催眠', ['催眠', 'Hypnosis']),
  tag(505, 'Voice drama', 'ボイスドラマ', '广播剧', ['ドラマ', 'Drama', '物語']),
  tag(506, 'Dialect', '方言', '方言', ['京都弁', '関西弁']),
];

/** Work titles. Japanese titles come first; English ones follow (translated and overseas works). */
export const TITLES: readonly string[] = [
  '耳かきとおやすみの時間',
  '【バイノーラル】雨音と囁きの夜',
  'お姉さんの添い寝子守唄',
  '【癒し】ひだまり喫茶で耳かきを',
  'メイドさんのおやすみマッサージ',
  'エルフの森の眠り歌',
  '猫耳少女と夏祭りの帰り道',
  '【ダミーヘッド】放課後の図書室で囁いて',
  '幼なじみと雨宿り ～二人だけの時間～',
  '京都弁お姉さんの耳かき屋さん',
  '素直じゃない後輩の添い寝当番',
  '焚き火のそばで語られる物語',
  '魔法使いの見習いと星空観測',
  '【睡眠導入】波の音とおやすみなさい',
  'きつね巫女の癒し神社',
  'ずっと一緒にいてくれる？ ～ヤンデレ彼女の看病～',
  '恋人と過ごす冬の夜',
  '天使のささやき ～眠れないあなたへ～',
  '温泉旅館の若女将がお世話します',
  '妹のいる日常 ～おかえりなさい～',
  '梵天と耳ふーでとろける夜',
  '【ASMR】深夜のラジオ放送局',
  '図書委員さんの静かな子守唄',
  'ドタバタ魔女のお悩み相談室',
  '月明かりのバルコニーで',
  '雪の日のこたつと耳かき',
  '催眠療法 ～ゆっくり沈んでいく～',
  'お嬢様の秘密のお茶会',
  '保健室の先生のやさしい看病',
  '夏の縁側 ～風鈴と昼寝～',
  '眠り姫のための夜想曲',
  '星降る丘のヒーリングボイス',
  '関西弁幼なじみの耳かき',
  '小さな喫茶店の閉店後',
  '夜行列車の旅 ～車掌さんの案内～',
  'ダウナー系お姉さんと深夜のコンビニ',
  '雨の日の図書館で',
  'おひるねの時間ですよ',
  '恋人のひざまくら',
  '桜の季節の卒業式',
  '猫カフェの店員さん',
  '銀河鉄道のおやすみ放送',
  '和室で聴く耳かきと囁き',
  'Rainy Night Whispers',
  'Goodnight, Traveler',
  'Binaural Ear Cleaning Café',
  'The Witch of the Quiet Forest',
  'A Maid for the Sleepless',
  'Fireplace Stories for Winter Nights',
  'Ocean Waves and Soft Whispers',
  'Your Girlfriend Helps You Sleep',
  'Midnight Radio Healing Hour',
  'Elf Princess Lullaby',
  'Fox Shrine Healing Massage',
  'Cozy Library After Hours',
  'Hypnosis for Deep Sleep',
  'Starlight Onee-san Drama',
  'Summer Festival Whisper Walk',
  'Tea Time with a Tsundere Maid',
  'Sleepy Café Close',
];

/** Track titles: the first and last are used for the opening and closing tracks. */
export const TRACK_TITLES_JA: readonly string[] = [
  'はじめに',
  '耳かき(右)',
  '耳かき(左)',
  '梵天',
  '耳ふー',
  '添い寝',
  '囁き',
  '頭なでなで',
  'マッサージ',
  '雨音と一緒に',
  '子守唄',
  'ひざまくら',
  'お茶の時間',
  'フリートーク',
  'おやすみなさい',
];

export const TRACK_TITLES_EN: readonly string[] = [
  'Introduction',
  'Ear cleaning (right)',
  'Ear cleaning (left)',
  'Bonten',
  'Ear blowing',
  'Sleeping together',
  'Whispers',
  'Head pats',
  'Massage',
  'Rain sounds',
  'Lullaby',
  'Lap pillow',
  'Tea time',
  'Free talk',
  'Goodnight',
];

/** Lines of speech for subtitles. */
export const LINES: readonly DemoLine[] = [
  {
    ja: 'おかえりなさい。今日も一日お疲れさまでした。',
    zh: '欢迎回来。今天也辛苦了。',
    en: 'Welcome home. You worked hard today.',
  },
  {
    ja: 'こちらへどうぞ。ゆっくりしていってくださいね。',
    zh: '请到这边来，好好放松一下吧。',
    en: 'Come this way. Please take your time.',
  },
  {
    ja: 'それじゃあ、右のお耳から始めますね。',
    zh: '那么，先从右耳开始哦。',
    en: "Then let's start with your right ear.",
  },
  {
    ja: 'かりかり……痛くないですか？',
    zh: '咔哩咔哩……不疼吧？',
    en: "Scratch, scratch... it doesn't hurt, does it?",
  },
  {
    ja: '力を抜いて、深く息を吸って……',
    zh: '放松身体，深深地吸一口气……',
    en: 'Relax, and take a deep breath...',
  },
  { ja: '……はい、ゆっくり吐いてください。', zh: '……好，慢慢地呼气。', en: '...Now breathe out slowly.' },
  {
    ja: '雨の音、なんだか落ち着きますね。',
    zh: '雨声，总觉得让人平静下来呢。',
    en: 'The sound of rain is somehow calming.',
  },
  {
    ja: '反対側のお耳も、失礼しますね。',
    zh: '另一边的耳朵也打扰了哦。',
    en: "Excuse me, I'll do the other ear too.",
  },
  {
    ja: '梵天でふわふわ〜ってしますよ。',
    zh: '用梵天轻轻地扫一扫哦。',
    en: "I'll sweep it with the soft bonten.",
  },
  { ja: '眠くなってきましたか？', zh: '开始困了吗？', en: 'Are you getting sleepy?' },
  {
    ja: '大丈夫、ずっとそばにいますから。',
    zh: '没关系，我会一直在你身边的。',
    en: "It's okay, I'll stay right beside you.",
  },
  { ja: '今日はどんな一日でしたか？', zh: '今天过得怎么样？', en: 'How was your day today?' },
  {
    ja: 'よしよし、よく頑張りましたね。',
    zh: '乖乖，你已经很努力了。',
    en: 'There, there. You did your best.',
  },
  { ja: 'おやすみなさい。いい夢を。', zh: '晚安，做个好梦。', en: 'Good night. Sweet dreams.' },
];

/** A short line repeated within a track: it gives LRC files a line with two time tags. */
export const BREATH_LINE: DemoLine = { ja: 'ふー……', zh: '呼——……', en: 'Fuu...' };

/** Fictional staff for `credits.md` files. */
export const STAFF: readonly string[] = [
  '水無月ユウ',
  '宵宮レン',
  'Kaito Mori',
  '小春日和',
  'Ayumi T.',
  '灯屋',
];
