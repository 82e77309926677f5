import { createHash } from 'node:crypto';
import { type AGE_RATINGS, formatWorkCode } from '@sasayaki/api-contract';
import { CIRCLES, type DemoCircle, type DemoTag, TAGS, TITLES, VOICE_ACTORS } from './catalogue.js';
import type { Prng } from './prng.js';

export type AgeRating = (typeof AGE_RATINGS)[number];

export interface RatingDetail {
  review_point: number;
  count: number;
  ratio: number;
}

/** The part of the contract's Work shape that a `workinfo.json` carries, plus DLsite's age rating. */
export interface WorkInfo {
  id: number;
  source_id: string;
  title: string;
  circle_id: number;
  name: string;
  circle: DemoCircle;
  vas: { id: string; name: string }[];
  tags: { id: number; name: string; i18n: Record<string, { name: string }> }[];
  release: string;
  price: number;
  dl_count: number;
  nsfw: boolean;
  age_category_string: AgeRating;
  rate_average_2dp: number;
  rate_count: number;
  rate_count_detail: RatingDetail[];
  review_count: number;
}

const RELEASE_START = Date.UTC(2019, 0, 10);
const RELEASE_END = Date.UTC(2026, 5, 30);
/** DLsite moved from 6- to 8-digit RJ codes late in 2020; works before the cut keep 6 digits. */
const EIGHT_DIGIT_FROM = Date.UTC(2020, 9, 1);
const PRICES = [330, 440, 550, 660, 770, 880, 990, 1100, 1210, 1320, 1540, 1650, 1760, 1980, 2200];
/** Kikoeru's namespace for voice actor ids (UUID v5 of the name), so ids match other kikoeru servers. */
const VA_NAMESPACE = '699d9c07-b965-4399-bafd-18a3cacf073c';

/** RFC 4122 UUID v5 (SHA-1, name-based). */
export function uuidV5(name: string, namespace = VA_NAMESPACE): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Ratings skewed towards 4 and 5 as on DLsite; ratios are whole percentages, the average is exact. */
function ratings(prng: Prng, count: number) {
  const quality = prng.next();
  const weights = [
    0.05 - 0.04 * quality,
    0.07 - 0.05 * quality,
    0.15 - 0.1 * quality,
    0.3,
    0.4 + 0.5 * quality,
  ];
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const counts = [0, 0, 0, 0, 0];
  for (let i = 0; i < count; i++) {
    let draw = prng.next() * total;
    let point = 0;
    while (point < 4 && draw >= (weights[point] as number)) draw -= weights[point++] as number;
    counts[point] = (counts[point] as number) + 1;
  }
  const detail = counts.map((n, i) => ({
    review_point: i + 1,
    count: n,
    ratio: Math.round((n / count) * 100),
  }));
  const sum = counts.reduce((acc, n, i) => acc + n * (i + 1), 0);
  return {
    detail: count === 0 ? [] : detail,
    average: count === 0 ? 0 : Math.round((sum / count) * 100) / 100,
  };
}

function tagsFor(prng: Prng, title: string): DemoTag[] {
  const chosen = new Set<DemoTag>();
  const byId = (id: number) => TAGS.find((t) => t.id === id) as DemoTag;
  if (prng.chance(0.9)) chosen.add(byId(497));
  if (prng.chance(0.5)) chosen.add(byId(496));
  for (const candidate of TAGS) {
    if (candidate.keywords.some((word) => title.toLowerCase().includes(word.toLowerCase())))
      chosen.add(candidate);
  }
  for (const extra of prng.sample(TAGS, prng.int(1, 3))) chosen.add(extra);
  return [...chosen].slice(0, 7);
}

/**
 * Metadata of work `index` of `total`: releases spread over 2019-2026 in index order, so RJ numbers rise
 * with the release date as on DLsite.
 */
export function workInfoFor(prng: Prng, index: number, total: number, circle: DemoCircle): WorkInfo {
  const position = (index + prng.next()) / total;
  const releaseMs = RELEASE_START + position * (RELEASE_END - RELEASE_START);
  const cut = (EIGHT_DIGIT_FROM - RELEASE_START) / (RELEASE_END - RELEASE_START);
  const id =
    releaseMs < EIGHT_DIGIT_FROM
      ? 200_000 + Math.floor((position / cut) * 790_000)
      : 1_000_000 + Math.floor(((position - cut) / (1 - cut)) * 1_400_000);
  const title =
    TITLES[index % TITLES.length] +
    (index >= TITLES.length ? ` ${Math.floor(index / TITLES.length) + 1}` : '');
  const vaCount = index % 19 === 11 ? 0 : prng.pick([1, 1, 1, 1, 2, 2, 2, 3]);
  const age: AgeRating = prng.pick([
    'general',
    'general',
    'general',
    'r15',
    'r15',
    'adult',
    'adult',
    'adult',
  ]);
  // The newest works have no ratings yet.
  const rateCount = releaseMs > Date.UTC(2026, 3, 1) ? 0 : Math.floor(Math.exp(prng.next() * Math.log(900)));
  const rating = ratings(prng, rateCount);
  return {
    id,
    source_id: formatWorkCode(id),
    title,
    circle_id: circle.id,
    name: circle.name,
    circle,
    vas: prng.sample(VOICE_ACTORS, vaCount).map((name) => ({ id: uuidV5(name), name })),
    tags: tagsFor(prng, title).map((t) => ({
      id: t.id,
      name: t.i18n['ja-jp'],
      i18n: Object.fromEntries(Object.entries(t.i18n).map(([language, name]) => [language, { name }])),
    })),
    release: new Date(releaseMs).toISOString().slice(0, 10),
    price: prng.pick(PRICES),
    dl_count: rateCount * prng.int(8, 25) + prng.int(3, 400),
    nsfw: age === 'adult',
    age_category_string: age,
    rate_average_2dp: rating.average,
    rate_count: rateCount,
    rate_count_detail: rating.detail,
    review_count: Math.floor(rateCount * (0.02 + prng.next() * 0.1)),
  };
}

/** Circles by work index: every tenth work belongs to one of two circles whose works sit in a grouping folder. */
export function circleFor(prng: Prng, index: number): { circle: DemoCircle; grouped: boolean } {
  if (index % 10 === 9) return { circle: CIRCLES[Math.floor(index / 10) % 2] as DemoCircle, grouped: true };
  return { circle: prng.pick(CIRCLES), grouped: false };
}
