import { describe, expect, it } from 'vitest';
import { type FolderNameInfo, parseFolderName } from '../../../src/scanner/parse-folder-name.js';

const RJ = (n: number) => n;
const BJ = (n: number) => 100_000_000 + n;
const VJ = (n: number) => 200_000_000 + n;

type Expected = Partial<FolderNameInfo>;

// Real-shaped names, as collections, downloaders and DLsite's own archives write them.
const TABLE: Array<[string, Expected]> = [
  // the patterns
  [
    "(同人音声) [120702][RJ146932][そよかぜの部屋] Sleepy Maid's Ear Cleaning",
    {
      code: RJ(146932),
      release: '2012-07-02',
      circle: 'そよかぜの部屋',
      title: "Sleepy Maid's Ear Cleaning",
    },
  ],
  ['[サークル] タイトル (RJ123456)', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['RJ123456 [サークル] タイトル', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['RJ123456_タイトル', { code: RJ(123456), circle: null, title: 'タイトル' }],
  ['タイトル【RJ123456】', { code: RJ(123456), circle: null, title: 'タイトル' }],
  ['[RJ123456] タイトル', { code: RJ(123456), circle: null, title: 'タイトル' }],
  ['RJ01324958', { code: RJ(1324958), circle: null, title: null }],
  // 8-digit codes, case, BJ and VJ
  ['rj01234567 [Circle] Title', { code: RJ(1234567), circle: 'Circle', title: 'Title' }],
  ['[Circle] Title [RJ01234567]', { code: RJ(1234567), circle: 'Circle', title: 'Title' }],
  ['[Circle] Title RJ123456', { code: RJ(123456), circle: 'Circle', title: 'Title' }],
  ['BJ123456 [作家] 漫画のタイトル', { code: BJ(123456), circle: '作家', title: '漫画のタイトル' }],
  ['[ブランド] ゲーム (VJ01000123)', { code: VJ(1000123), circle: 'ブランド', title: 'ゲーム' }],
  // (同人音声), hi-res and format markers
  [
    '(同人音声) [そよかぜの部屋] 添い寝耳かき [RJ146932]',
    { code: RJ(146932), circle: 'そよかぜの部屋', title: '添い寝耳かき' },
  ],
  ['[同人音声][サークル] タイトル [RJ123456]', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['[ハイレゾ] [サークル] タイトル RJ123456', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['RJ123456 [サークル] タイトル [ハイレゾ版]', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['RJ123456 [サークル] タイトル (mp3)', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['RJ123456 [サークル] タイトル [WAV]', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['RJ123456 [サークル] タイトル [FLAC]', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['RJ123456 [サークル] タイトル [WAV+MP3]', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['RJ123456 [サークル] タイトル [24bit/96kHz]', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['RJ123456 [サークル] タイトル [mp3 320k]', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['RJ123456 [サークル] タイトル [SE無し]', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['RJ123456 [サークル] タイトル (SEなし版)', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['[中文字幕] [サークル] タイトル RJ123456', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['RJ123456 [サークル] タイトル [中国翻訳]', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['[ASMR][サークル] タイトル RJ123456', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['(同人音声・ASMR) RJ123456 タイトル', { code: RJ(123456), circle: null, title: 'タイトル' }],
  ['RJ123456 [サークル] タイトル [Ver.1.1]', { code: RJ(123456), circle: 'サークル', title: 'タイトル' }],
  ['RJ123456 [Circle] English Title [ENG]', { code: RJ(123456), circle: 'Circle', title: 'English Title' }],
  // voice actors
  [
    'RJ123456 [サークル] タイトル (CV.逢坂成美)',
    { code: RJ(123456), circle: 'サークル', title: 'タイトル', vas: ['逢坂成美'] },
  ],
  [
    '[サークル] タイトル【CV.陽向葵ゅか】[RJ123456]',
    { code: RJ(123456), circle: 'サークル', title: 'タイトル', vas: ['陽向葵ゅか'] },
  ],
  [
    'RJ123456 [サークル] タイトル (CV:涼花みなせ、秋野かえで)',
    { code: RJ(123456), circle: 'サークル', title: 'タイトル', vas: ['涼花みなせ', '秋野かえで'] },
  ],
  [
    'RJ123456 [サークル] タイトル (CV.A・B&C)',
    { code: RJ(123456), circle: 'サークル', title: 'タイトル', vas: ['A', 'B', 'C'] },
  ],
  [
    'RJ123456 [サークル] タイトル (cv. Alice / Bob, Carol 他)',
    { code: RJ(123456), circle: 'サークル', title: 'タイトル', vas: ['Alice', 'Bob', 'Carol'] },
  ],
  [
    'RJ123456 タイトル CV:伊ヶ崎綾香',
    { code: RJ(123456), circle: null, title: 'タイトル', vas: ['伊ヶ崎綾香'] },
  ],
  [
    '[サークル] タイトル (CV.Aさん)(CV.Bさん) RJ123456',
    { code: RJ(123456), circle: 'サークル', title: 'タイトル', vas: ['Aさん', 'Bさん'] },
  ],
  // release dates
  [
    '[2019-05-01][サークル] タイトル RJ123456',
    { code: RJ(123456), release: '2019-05-01', circle: 'サークル' },
  ],
  [
    'RJ123456 2019.05.01 [サークル] タイトル',
    { code: RJ(123456), release: '2019-05-01', circle: 'サークル' },
  ],
  ['[990401] [サークル] タイトル RJ012345', { code: RJ(12345), release: '1999-04-01', circle: 'サークル' }],
  ['[201399][サークル] タイトル RJ123456', { release: null, circle: '201399', title: '[サークル] タイトル' }],
  // full-width brackets, spaces, letters and digits
  [
    '［サークル］　タイトル　（ＲＪ１２３４５６）',
    { code: RJ(123456), circle: 'サークル', title: 'タイトル' },
  ],
  ['【サークル】 作品 【RJ123456】', { code: RJ(123456), circle: 'サークル', title: '作品' }],
  [
    '（同人音声）［サークル］ おやすみ！～添い寝～ RJ123456',
    { circle: 'サークル', title: 'おやすみ！～添い寝～' },
  ],
  // the title keeps its own brackets
  ['rj123456_Title with (parens)', { code: RJ(123456), circle: null, title: 'Title with (parens)' }],
  [
    'RJ123456 [サークル] 【耳かき】癒やしの時間【添い寝】',
    { code: RJ(123456), circle: 'サークル', title: '【耳かき】癒やしの時間【添い寝】' },
  ],
  ['RJ123456 [サークル] タイトル ①', { title: 'タイトル ①' }],
  ['RJ123456 - [Circle] - Title', { code: RJ(123456), circle: 'Circle', title: 'Title' }],
  ['[Circle] RJ123456', { code: RJ(123456), circle: 'Circle', title: null }],
  ['RJ123456_[Circle]_Some_Long_Title', { code: RJ(123456), circle: 'Circle', title: 'Some Long Title' }],
  // no code
  ['[サークル] タイトル', { code: null, circle: 'サークル', title: 'タイトル' }],
  ['私の作品 (CV.名前)', { code: null, circle: null, title: '私の作品', vas: ['名前'] }],
  ['XRJ123456 名前', { code: null, title: 'XRJ123456 名前' }],
  ['[サークル (未完', { code: null, circle: null, title: '[サークル (未完' }],
  // leap days and spaces other than ' ' (the parser checks both by char code, not with Date or \s)
  ['[2000.02.29] A', { release: '2000-02-29', circle: null, title: 'A' }],
  ['[000229] A', { release: '2000-02-29', title: 'A' }],
  ['[1900.02.29] A', { release: null, circle: '1900.02.29', title: 'A' }],
  ['\u00a0RJ123456\u00a0タイトル\u3000\t Vol.', { code: RJ(123456), title: 'タイトル Vol.' }],
  ['[サークル] A\u00a0 B (RJ123456)', { code: RJ(123456), circle: 'サークル', title: 'A B' }],
];

describe('parseFolderName', () => {
  it('has a table of at least 40 names', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(TABLE)('%s', (name, expected) => {
    const parsed = parseFolderName(name);
    expect(parsed).toMatchObject(expected);
    if (expected.vas === undefined) expect(parsed.vas).toEqual([]);
  });
});
