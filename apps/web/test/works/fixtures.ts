import { type Envelope, formatWorkCode, type Work } from '@sasayaki/api-contract';

export function makeWork(id: number, overrides: Partial<Work> = {}): Work {
  const source = formatWorkCode(id);
  return {
    id,
    source_id: source,
    title: `Work ${id}`,
    circle_id: 1,
    name: 'Circle',
    circle: { id: 1, name: 'Circle' },
    vas: [{ id: 'va-1', name: '小鳥遊ゆい' }],
    tags: [
      {
        id: 502,
        name: 'マッサージ',
        i18n: { 'en-us': { name: 'Massage' }, 'ja-jp': { name: 'マッサージ' }, 'zh-cn': { name: '按摩' } },
      },
      { id: 9, name: '耳かき', i18n: {} },
    ],
    release: '2022-10-08',
    create_date: '2026-01-01T00:00:00Z',
    price: 1320,
    dl_count: 1234,
    nsfw: false,
    has_subtitle: true,
    rate_average_2dp: 4.25,
    rate_count: 4,
    rate_count_detail: [
      { review_point: 5, count: 2, ratio: 50 },
      { review_point: 4, count: 1, ratio: 25 },
      { review_point: 3, count: 1, ratio: 25 },
    ],
    review_count: 2,
    duration: 3725,
    userRating: null,
    progress: null,
    review_text: null,
    mainCoverUrl: `/api/cover/${id}.jpg?type=main`,
    samCoverUrl: `/api/cover/${id}.jpg?type=sam`,
    thumbnailCoverUrl: `/api/cover/${id}.jpg?type=240x240`,
    age_category_string: 'general',
    series: null,
    language_editions: [],
    other_language_editions_in_db: [],
    translation_info: {},
    original_workno: null,
    lang: null,
    source_type: 'DLSITE',
    source_url: null,
    ...overrides,
  };
}

export function envelope(page: number, totalCount: number, count = 12): Envelope {
  return {
    works: Array.from({ length: count }, (_, index) => makeWork(100000 + (page - 1) * 12 + index)),
    pagination: { currentPage: page, pageSize: 12, totalCount },
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
