import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGE_RATINGS, findWorkCode, formatWorkCode, Work } from '@sasayaki/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DEFAULT_DEMO_SEED,
  DEFAULT_DEMO_WORKS,
  DEMO_MARKER_FILE,
  demoMarker,
  generateDemoLibrary,
} from '../../../src/demo/generate-demo-library.js';
import { planWork } from '../../../src/demo/work-layout.js';
import { digestTree, listFiles, parseWav } from './library-files.js';

const WorkInfoFile = Work.pick({
  id: true,
  source_id: true,
  title: true,
  circle_id: true,
  name: true,
  circle: true,
  vas: true,
  tags: true,
  release: true,
  price: true,
  dl_count: true,
  nsfw: true,
  rate_average_2dp: true,
  rate_count: true,
  rate_count_detail: true,
  review_count: true,
})
  .extend({ age_category_string: z.enum(AGE_RATINGS) })
  .strict();

const temps: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sasayaki-demo-'));
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** The work folder of a file: the first path segment holding an RJ code (circle grouping folders have none). */
function workFolderOf(file: string): string {
  const segments = file.split('/');
  const index = segments.findIndex((segment) => findWorkCode(segment) !== null);
  return segments.slice(0, index + 1).join('/');
}

const baseName = (file: string) => (file.split('/').pop() as string).replace(/\.[^.]+$/, '');

describe('generateDemoLibrary', () => {
  let dir: string;
  let files: string[];
  // Thirteen works reach every case decided by index: no workinfo (5), no cover (7), a bare folder name (12).
  const works = 13;

  beforeAll(async () => {
    dir = join(tempDir(), 'library');
    const summary = await generateDemoLibrary(dir, { works, ffmpegPath: null });
    files = listFiles(dir);
    expect(summary).toMatchObject({ dir, works, files: files.length, encoded: 0 });
  });

  it('is deterministic: the same options give the same bytes', async () => {
    const a = join(tempDir(), 'a');
    const b = join(tempDir(), 'b');
    await generateDemoLibrary(a, { works: 6, ffmpegPath: null });
    await generateDemoLibrary(b, { works: 6, ffmpegPath: null });
    expect(digestTree(a)).toBe(digestTree(b));
    const c = join(tempDir(), 'c');
    await generateDemoLibrary(c, { works: 6, ffmpegPath: null, seed: 1 });
    expect(digestTree(c)).not.toBe(digestTree(a));
  }, 120_000); // Two generations: slow on a busy machine.

  it('writes one folder per work, each named with its RJ code, and the marker last', () => {
    const folders = new Set(files.filter((file) => file !== DEMO_MARKER_FILE).map(workFolderOf));
    expect(folders.size).toBe(works);
    expect([...folders].some((folder) => folder.includes('/'))).toBe(true);
    expect(readFileSync(join(dir, DEMO_MARKER_FILE), 'utf8')).toBe(demoMarker({ works }));
  });

  it('writes valid 16-bit mono WAV tracks of 8 to 40 seconds', () => {
    const wavs = files.filter((file) => file.endsWith('.wav'));
    expect(wavs.length).toBeGreaterThanOrEqual(works * 2);
    for (const file of wavs) {
      const header = parseWav(readFileSync(join(dir, file)));
      expect(header).toMatchObject({ channels: 1, bitsPerSample: 16 });
      expect([16_000, 22_050, 44_100]).toContain(header.sampleRate);
      expect(header.seconds).toBeGreaterThanOrEqual(8);
      expect(header.seconds).toBeLessThanOrEqual(40);
    }
  });

  it('times every LRC and VTT line within its track', () => {
    const subtitles = files.filter((file) => /\.(lrc|vtt)$/.test(file));
    expect(subtitles.some((file) => file.endsWith('.vtt'))).toBe(true);
    expect(subtitles.some((file) => file.includes('/字幕/'))).toBe(true);
    for (const file of subtitles) {
      const audio = files.find(
        (other) =>
          other.endsWith('.wav') &&
          workFolderOf(other) === workFolderOf(file) &&
          baseName(other) === baseName(file),
      );
      expect(audio, file).toBeDefined();
      const duration = parseWav(readFileSync(join(dir, audio as string))).seconds;
      const text = readFileSync(join(dir, file), 'utf8');
      const times: number[] = [];
      if (file.endsWith('.lrc')) {
        const offset = Number(/^\[offset:([+-]?\d+)\]$/m.exec(text)?.[1] ?? 0) / 1000;
        for (const [, m, s] of text.matchAll(/\[(\d\d):(\d\d\.\d\d)\]/g))
          times.push(Number(m) * 60 + Number(s) - offset);
      } else {
        expect(text.startsWith('WEBVTT\n')).toBe(true);
        for (const [, start, end] of text.matchAll(/^(\S+) --> (\S+)/gm)) {
          const [a, b] = [start, end].map((t) =>
            (t as string).split(':').reduce((acc, part) => acc * 60 + Number(part), 0),
          );
          expect(a as number).toBeLessThan(b as number);
          times.push(a as number, b as number);
        }
      }
      expect(times.length, file).toBeGreaterThan(0);
      for (const time of times) {
        expect(time).toBeGreaterThanOrEqual(0);
        expect(time).toBeLessThanOrEqual(duration);
      }
    }
  });

  it('writes workinfo.json files in the contract Work shape, consistent with DLsite data', () => {
    const infos = files.filter((file) => file.endsWith('/workinfo.json'));
    // Works 5 and 12 have none: their metadata comes from the folder name.
    expect(infos.length).toBe(works - 2);
    for (const file of infos) {
      const info = WorkInfoFile.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      expect(info.source_id).toBe(formatWorkCode(info.id));
      expect(findWorkCode(workFolderOf(file))).toBe(info.id);
      expect(info.circle).toEqual({ id: info.circle_id, name: info.name });
      expect(info.price).toBeGreaterThanOrEqual(330);
      expect((info.price as number) % 110).toBe(0);
      expect(info.nsfw).toBe(info.age_category_string === 'adult');
      for (const va of info.vas)
        expect(va.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      for (const tag of info.tags) expect(Object.keys(tag.i18n).sort()).toEqual(['en-us', 'ja-jp', 'zh-cn']);
      const detail = info.rate_count_detail;
      const count = detail.reduce((sum, d) => sum + d.count, 0);
      expect(count).toBe(info.rate_count);
      if (count > 0) {
        const ratios = detail.reduce((sum, d) => sum + d.ratio, 0);
        expect(Math.abs(ratios - 100)).toBeLessThanOrEqual(3);
        const average = detail.reduce((sum, d) => sum + d.review_point * d.count, 0) / count;
        expect(info.rate_average_2dp).toBeCloseTo(average, 2);
      }
    }
  });

  it('ships covers, a Shift_JIS note and UTF-8 texts', () => {
    expect(files.some((file) => file.endsWith('/cover.jpg'))).toBe(true);
    expect(files.filter((file) => /\.(jpe?g|png)$/.test(file)).map(workFolderOf).length).toBeGreaterThan(
      works / 2,
    );
    const sjis = files.find((file) => file.endsWith('/説明.txt')) as string;
    expect(new TextDecoder('shift_jis').decode(readFileSync(join(dir, sjis)))).toContain('デモ用');
    expect(files.some((file) => file.endsWith('/readme.txt'))).toBe(true);
  });

  it('refuses a target folder that is not empty', async () => {
    await expect(generateDemoLibrary(dir, { works: 1, ffmpegPath: null })).rejects.toThrow(/not empty/);
  });
});

describe('the full demo library plan', () => {
  const plans = Array.from({ length: DEFAULT_DEMO_WORKS }, (_, i) =>
    planWork(i, DEFAULT_DEMO_WORKS, DEFAULT_DEMO_SEED),
  );

  it('has the intended mix of works', () => {
    expect(plans.filter((p) => !p.hasWorkInfo)).toHaveLength(8);
    expect(plans.filter((p) => !p.hasWorkInfo && /^rj\d+$/i.test(p.folder))).toHaveLength(2);
    expect(plans.filter((p) => !p.files.some((f) => f.kind === 'image'))).toHaveLength(2);
    expect(new Set(plans.map((p) => p.info.id)).size).toBe(DEFAULT_DEMO_WORKS);
    expect(new Set(plans.map((p) => p.info.circle.id)).size).toBeGreaterThanOrEqual(12);
    expect(plans.some((p) => p.info.source_id.length === 8)).toBe(true);
    expect(plans.some((p) => p.info.source_id.length === 10)).toBe(true);
  });

  it('keeps the library small: its WAV audio stays under 80 MB', () => {
    const bytes = plans
      .flatMap((p) => p.files)
      .reduce(
        (sum, f) =>
          f.kind === 'audio' && !f.needsEncoder ? sum + f.tone.seconds * f.tone.sampleRate * 2 : sum,
        0,
      );
    expect(bytes).toBeLessThan(80 * 1024 * 1024);
  });
});
