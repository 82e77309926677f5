import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatWorkCode } from '@sasayaki/api-contract';
import { encodeWav } from '@sasayaki/server/demo/wav.js';
import sharp from 'sharp';
import { Random, Zipf } from './random.js';
import { circleNames, TITLE_WORDS, tagSpecs, vaNames } from './vocabulary.js';

/** Eight-digit codes (RJ01xxxxxx), clear of the catalogue's ids. */
const FIRST_ID = 1_100_000;
const SAMPLE_RATE = 8000;

/** A valid, tiny mono 16-bit PCM WAV (the demo library's encoder) of `samples` samples of a quiet tone. */
function wav(samples: number, pitch: number): Buffer {
  const tone = Float32Array.from(
    { length: samples },
    (_, i) => 0.06 * Math.sin((2 * Math.PI * pitch * i) / SAMPLE_RATE),
  );
  return encodeWav(tone, SAMPLE_RATE);
}

/** One small JPEG, made once and written into every work folder: the scanner still decodes each copy. */
async function coverJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 240, channels: 3, background: { r: 200, g: 170, b: 210 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * Writes `works` work folders named `RJ01xxxxxx [Circle] Title` under `root`, each with two tiny WAVs, a
 * matching .lrc, a readme and a cover; every other work also has a workinfo.json (the contract's Work
 * shape) so both metadata paths of the scanner are exercised.
 */
export async function generateLibrary(root: string, works: number, seed: number): Promise<void> {
  const random = new Random(seed);
  const circles = circleNames(random, Math.max(1, Math.round(works / 20)));
  const vas = vaNames(random, Math.max(1, Math.round(works / 50))).map((name) => ({
    id: random.uuid(),
    name,
  }));
  const tags = tagSpecs().map((tag, i) => ({ id: 1 + i, ...tag }));
  const words = new Zipf(TITLE_WORDS.length);
  const tagRank = new Zipf(tags.length, 0.9);
  const cover = await coverJpeg();
  const audio = [wav(400, 440), wav(600, 660)];
  for (let i = 0; i < works; i++) {
    const id = FIRST_ID + i;
    const circle = { id: 10_000 + (i % circles.length), name: circles[i % circles.length] as string };
    const title = Array.from({ length: random.int(2, 4) }, () => TITLE_WORDS[words.draw(random)]).join(' ');
    const dir = join(root, `${formatWorkCode(id)} [${circle.name}] ${title}`);
    mkdirSync(join(dir, '音声'), { recursive: true });
    writeFileSync(join(dir, '音声', '01_本編.wav'), audio[0] as Buffer);
    writeFileSync(join(dir, '音声', '01_本編.lrc'), '[00:00.00]こんばんは\n[00:00.04]おやすみなさい\n');
    writeFileSync(join(dir, '音声', '02_おまけ.wav'), audio[1] as Buffer);
    writeFileSync(join(dir, 'readme.txt'), `${title}\n${circle.name}\n`);
    writeFileSync(join(dir, 'cover.jpg'), cover);
    if (i % 2 === 0) {
      const workTags = [...new Set([tagRank.draw(random), tagRank.draw(random), tagRank.draw(random)])];
      const info = {
        id,
        source_id: formatWorkCode(id),
        title,
        circle,
        vas: [random.pick(vas)],
        tags: workTags.map((rank) => tags[rank]),
        release: `20${String(random.int(10, 26))}-0${random.int(1, 9)}-1${random.int(0, 9)}`,
        price: 110 * random.int(1, 30),
        dl_count: random.int(0, 50_000),
        nsfw: random.chance(0.7),
        rate_average_2dp: Math.round((1 + random.next() * 4) * 100) / 100,
        rate_count: random.int(1, 500),
        review_count: random.int(0, 40),
      };
      writeFileSync(join(dir, 'workinfo.json'), JSON.stringify(info));
    }
  }
}
