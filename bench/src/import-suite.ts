import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@sasayaki/server/config/config.js';
import { createContext } from '@sasayaki/server/context.js';
import { importDependencies, importKikoeru } from '@sasayaki/server/import-kikoeru/import-kikoeru.js';
import { createLogger } from '@sasayaki/server/logger.js';
import {
  createKikoeruInstallation,
  type KikoeruReviewSeed,
  type KikoeruSeed,
  type KikoeruWorkSeed,
} from '@sasayaki/server/tools/kikoeru-installation.js';
import { generateCatalogue } from './generate-catalogue.js';
import { Random, Zipf } from './random.js';
import { type DatabaseKind, judge, type Measurement } from './report.js';
import { type ServerEnv, serverEnv } from './server-process.js';
import { circleNames, TITLE_WORDS, tagSpecs, vaNames } from './vocabulary.js';

const WORKS = 10_000;
const USERS = 1_000;
const REVIEWS = 50_000;
const PROGRESS = ['marked', 'listening', 'listened', 'replay', 'postponed', null] as const;

/**
 * A kikoeru-express installation of issue 12's size: 10,000 works (the library's: 60% six-digit, 40%
 * eight-digit codes)
 * with a circle of 500, 2-6 tags of 300 named in three languages and 1-3 voice actors of 200 each,
 * 1,000 users, and 50,000 reviews (50 per user) with ratings, some texts and progress.
 */
function kikoeruSeed(workIds: readonly number[]): KikoeruSeed {
  const random = new Random(12);
  const circles = circleNames(random, 500);
  const vas = vaNames(random, 200);
  const tags = tagSpecs();
  const tagDraw = new Zipf(tags.length);
  const words = new Zipf(TITLE_WORDS.length);
  const works: KikoeruWorkSeed[] = Array.from({ length: WORKS }, (_, i) => {
    const circle = random.int(0, circles.length - 1);
    const workTags = new Map<number, NonNullable<KikoeruWorkSeed['tags']>[number]>();
    for (let n = random.int(2, 6); n > 0; n--) {
      const index = tagDraw.draw(random);
      const spec = tags[index];
      if (spec) workTags.set(index, { id: 1000 + index, name: spec.i18n['zh-cn'].name, i18n: spec.i18n });
    }
    return {
      id: workIds[i] as number,
      title: Array.from({ length: random.int(2, 5) }, () => TITLE_WORDS[words.draw(random)]).join(' '),
      // Ids apart from the generated catalogue's own circles and tags (kikoeru's are DLsite's).
      circle: { id: 50_000 + circle, name: circles[circle] as string },
      tags: [...workTags.values()],
      vas: [...new Set(Array.from({ length: random.int(1, 3) }, () => random.pick(vas)))],
      nsfw: random.next() < 0.7,
      release: `20${String(random.int(10, 25))}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
      price: random.int(1, 30) * 110,
      dlCount: random.int(0, 50_000),
      rateAverage: Math.round(random.next() * 400 + 100) / 100,
      rateCount: random.int(0, 2_000),
      reviewCount: random.int(0, 200),
    };
  });
  const users = Array.from({ length: USERS }, (_, i) => ({
    name: `listener${String(i).padStart(4, '0')}`,
    password: `password-${i}`,
  }));
  const reviews: KikoeruReviewSeed[] = [];
  for (const [u, user] of users.entries()) {
    // 50 different works per user, spread over the catalogue.
    for (let k = 0; k < REVIEWS / USERS; k++) {
      const work = works[(u * 97 + k * 199) % WORKS] as KikoeruWorkSeed;
      const rating = random.next() < 0.8 ? random.int(1, 5) : null;
      reviews.push({
        user: user.name,
        work: work.id,
        rating,
        text: random.next() < 0.2 ? `${random.pick(TITLE_WORDS)} ${random.pick(TITLE_WORDS)}` : null,
        // Never an empty review: kikoeru keeps those, the import leaves them out.
        progress: rating === null ? random.pick(PROGRESS.slice(0, 5)) : random.pick(PROGRESS),
      });
    }
  }
  return { works, users, reviews };
}

/**
 * Issue 12's budget: importing such a kikoeru database takes under 60 s (the import alone, into an
 * installation that has scanned the same 10,000 works: each gets the `kikoeru` provider's answer and is
 * merged, every user and review is inserted). A second run over the result is measured too (its note says
 * it changed nothing).
 */
export async function runImportSuite(
  database: DatabaseKind,
  settings: Omit<ServerEnv, 'libraryDir'>,
): Promise<Measurement[]> {
  const kikoeruDir = join(settings.dataDir, 'kikoeru');
  mkdirSync(kikoeruDir, { recursive: true });
  const libraryDir = join(settings.dataDir, 'library');
  mkdirSync(libraryDir, { recursive: true });
  const config = loadConfig(serverEnv({ ...settings, libraryDir }));
  const { workIds } = await generateCatalogue(config, { works: WORKS, seed: 42, rootDir: libraryDir });
  const files = createKikoeruInstallation(kikoeruDir, kikoeruSeed(workIds));
  const ctx = await createContext(config, createLogger('warn'));
  try {
    const options = { databasePath: files.db, configPath: files.config };
    const deps = importDependencies(ctx);
    const startedAt = performance.now();
    const first = await importKikoeru(deps, options);
    const ms = performance.now() - startedAt;
    const againAt = performance.now();
    const second = await importKikoeru(deps, options);
    const againMs = performance.now() - againAt;
    const unchanged = second.users.unchanged === USERS && second.reviews.added === 0;
    return [
      judge(
        `import-kikoeru: ${WORKS.toLocaleString('en-US')} works, ${USERS.toLocaleString('en-US')} users, ${REVIEWS.toLocaleString('en-US')} reviews`,
        database,
        {
          ms,
          errors: first.users.added === USERS && first.reviews.added === REVIEWS ? 0 : 1,
          note: `${first.users.added} users, ${first.reviews.added} reviews added; a second run ${Math.round(againMs)} ms, ${unchanged ? 'nothing changed' : 'CHANGED SOMETHING'}`,
        },
        { figure: 'ms', limit: 60_000 },
      ),
    ];
  } finally {
    await ctx.close();
  }
}
