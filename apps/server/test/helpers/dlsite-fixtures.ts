import type { FixtureWork } from '../../src/tools/dlsite-fixture-server.js';

/** Genres as DLsite numbers them, with their names in the three languages. */
export const GENRES = {
  binaural: { id: 497, ja: 'バイノーラル/ダミヘ', en: 'Binaural', zh: '立体声' },
  healing: { id: 44, ja: '癒し', en: 'Healing', zh: '治愈' },
  earCleaning: { id: 163, ja: '耳かき', en: 'Ear Cleaning', zh: '掏耳朵' },
};

/** Works written from the reference's descriptions: one per case the provider must handle. */
export const FIXTURE_WORKS: FixtureWork[] = [
  {
    code: 'RJ146932',
    title: '眠りのメイドの耳かき',
    circle: { id: 'RG12345', name: 'そよかぜの部屋' },
    vas: ['柚木つばめ', '涼花みなせ'],
    genres: [GENRES.binaural, GENRES.healing, GENRES.earCleaning],
    release: '2012-07-02',
    ageCategory: 1,
    price: 1100,
    dlCount: '12345',
    rating: { average: 4.62, counts: [1, 2, 3, 40, 154], reviews: 21 },
    series: '眠りのメイド',
  },
  {
    code: 'RJ01324958',
    title: '癒しの雨音',
    circle: { id: 'RG01012345', name: '雨宿り' },
    vas: ['涼花みなせ'],
    genres: [GENRES.healing],
    release: '2025-02-14',
    ageCategory: 3,
    price: 880,
    dlCount: '7',
    rating: { average: 4.0, counts: [0, 0, 1, 1, 1], reviews: 0 },
    editions: [
      { workno: 'RJ01324958', lang: 'JPN', label: '日本語' },
      { workno: 'RJ01400001', lang: 'ENG', label: 'English' },
    ],
  },
  {
    code: 'RJ01400001',
    title: 'Healing Rain Sounds',
    circle: { id: 'RG01012345', name: '雨宿り' },
    vas: ['涼花みなせ'],
    genres: [GENRES.healing],
    release: '2025-06-01',
    ageCategory: 3,
    price: 880,
    dlCount: '3',
    translationOf: { original: 'RJ01324958', lang: 'ENG' },
    editions: [
      { workno: 'RJ01324958', lang: 'JPN', label: '日本語' },
      { workno: 'RJ01400001', lang: 'ENG', label: 'English' },
    ],
    ownCover: false,
  },
  // New, barely described: no circle credited on the JSON side, nobody credited, no sales yet.
  { code: 'RJ01500000', title: '新作' },
  { code: 'RJ200001', title: '配信終了', fault: 'delisted' },
  { code: 'RJ200002', title: '国内限定', fault: 'region-locked' },
  { code: 'RJ200003', title: '混雑', circle: { id: 'RG22222', name: '混雑' }, fault: 'throttle-once' },
  { code: 'RJ200004', title: '無言', fault: 'timeout' },
  { code: 'RJ200005', title: '壊れた', fault: 'malformed' },
  { code: 'RJ200006', title: '形違い', fault: 'unexpected-shape' },
];
