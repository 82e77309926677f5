import { TRACK_TITLES_EN, TRACK_TITLES_JA } from './catalogue.js';
import type { CoverSpec } from './covers.js';
import { afterwordText, creditsMarkdown, readmeText } from './notes.js';
import { deriveSeed, Prng } from './prng.js';
import { SHIFT_JIS_NOTE_BYTES } from './shift-jis.js';
import { planCues, type SubtitleLanguage, toLrc, toVtt } from './subtitles.js';
import type { ToneSpec } from './wav.js';
import { circleFor, type WorkInfo, workInfoFor } from './work-metadata.js';

export type AudioFormat = 'wav' | 'mp3' | 'flac';

/** One file of a demo work; paths are relative to the work folder, '/'-separated. */
export type DemoFile =
  | {
      kind: 'audio';
      /** Without extension: the extension follows the format actually written. */
      basePath: string;
      tone: ToneSpec;
      format: AudioFormat;
      /** Only written when ffmpeg can encode it (the `mp3/` copy of a work that also ships `wav/`). */
      needsEncoder: boolean;
      tags: { title: string; artist: string; album: string };
    }
  | { kind: 'text'; path: string; content: string | Uint8Array }
  | { kind: 'image'; path: string; cover: CoverSpec };

export interface DemoWork {
  info: WorkInfo;
  /** False for the works whose metadata has to come from the folder name. */
  hasWorkInfo: boolean;
  /** Relative to the library root, '/'-separated; one level deeper for works grouped by circle. */
  folder: string;
  files: DemoFile[];
}

type Layout = 'flat' | 'mp3-wav' | 'se-variants' | 'nested' | 'tracks-folder';
const LAYOUTS: readonly Layout[] = ['flat', 'mp3-wav', 'se-variants', 'nested', 'tracks-folder'];
const WEIGHTED_LAYOUTS: readonly Layout[] = [
  ...Array<Layout>(7).fill('flat'),
  ...Array<Layout>(4).fill('tracks-folder'),
  ...Array<Layout>(4).fill('nested'),
  'mp3-wav',
  'se-variants',
  'se-variants',
];

/** Characters Windows refuses in file names; works are often copied between systems. */
function safeName(text: string): string {
  return text.replace(/[\\/:*?"<>|]/g, '_');
}

function folderName(prng: Prng, info: WorkInfo, kind: 'any' | 'named' | 'bare'): string {
  const { source_id: code, title } = info;
  const circle = info.circle.name;
  const named = [
    `${code} [${circle}] ${title}`,
    `[${circle}] ${title} ${code}`,
    `(同人音声) [${circle}] ${title} (${code})`,
  ];
  const bare = [code.toLowerCase(), code];
  const loose = [`${code}_${title}`, `${title} [${code}]`];
  const options =
    kind === 'named' ? named : kind === 'bare' ? bare : [...named, ...named, ...named, ...bare, ...loose];
  return safeName(prng.pick(options));
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Track file names in the styles found in real works: `01_はじめに`, `02. Ear cleaning`, `トラック3 添い寝`. */
function trackNames(
  prng: Prng,
  count: number,
  english: boolean,
  unpadded: boolean,
): { title: string; file: string }[] {
  const pool = english ? TRACK_TITLES_EN : TRACK_TITLES_JA;
  const middle = prng.sample(pool.slice(1, -1), Math.max(0, count - 2));
  const titles = [pool[0] as string, ...middle, pool[pool.length - 1] as string].slice(0, count);
  const style = unpadded ? 2 : english ? prng.pick([1, 1, 3]) : prng.pick([0, 0, 1, 2, 3, 4]);
  return titles.map((title, i) => {
    const n = i + 1;
    const file = [
      `${pad2(n)}_${title}`,
      `${pad2(n)}. ${title}`,
      `トラック${n} ${title}`,
      `Tr.${pad2(n)} ${title}`,
      `#${pad2(n)} ${title}`,
    ][style] as string;
    return { title, file: safeName(file) };
  });
}

function coverFiles(prng: Prng, info: WorkInfo, seed: number, audioDir: string): DemoFile[] {
  const portrait = prng.chance(0.15);
  const base = {
    title: info.title,
    code: info.source_id,
    circle: info.circle.name,
    width: portrait ? 420 : 560,
    height: portrait ? 560 : 420,
    seed,
  };
  const style = prng.pick(['cover', 'cover', 'cover', 'folder', 'main', 'main', 'dlsite'] as const);
  switch (style) {
    case 'cover':
      return [{ kind: 'image', path: 'cover.jpg', cover: { ...base, format: 'jpeg' } }];
    case 'folder':
      return [{ kind: 'image', path: join(audioDir, 'folder.png'), cover: { ...base, format: 'png' } }];
    case 'dlsite':
      return [{ kind: 'image', path: `${info.source_id}_img_main.jpg`, cover: { ...base, format: 'jpeg' } }];
    case 'main':
      // No conventional name: the main cover is only recognisable as the largest image.
      return [
        { kind: 'image', path: 'main.jpg', cover: { ...base, format: 'jpeg' } },
        ...[1, 2].map(
          (n): DemoFile => ({
            kind: 'image',
            path: `sample${n}.png`,
            cover: { ...base, width: 200, height: 150, seed: seed + n, format: 'png', label: `SAMPLE ${n}` },
          }),
        ),
      ];
  }
}

function join(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

/**
 * The plan of work `index`: metadata, folder name and every file with its content or recipe. Which works
 * lack a workinfo.json, subtitles or a cover is decided by the index (not at random), so even a small
 * library shows each case and the counts in the full library are exact.
 */
export function planWork(index: number, total: number, seed: number): DemoWork {
  const prng = new Prng(deriveSeed(seed, index));
  const { circle, grouped } = circleFor(prng, index);
  const info = workInfoFor(prng, index, total, circle);
  const hasWorkInfo = index % 7 !== 5;
  const folderKind = index % 28 === 12 ? 'bare' : hasWorkInfo ? 'any' : 'named';
  const name = folderName(prng, info, folderKind);
  const folder = grouped ? `${safeName(circle.name)}/${name}` : name;

  const layout = index < LAYOUTS.length ? (LAYOUTS[index] as Layout) : prng.pick(WEIGHTED_LAYOUTS);
  const hiRes = index === 8;
  const manyTracks = index % 30 === 13;
  const format: AudioFormat = index % 20 === 3 ? 'mp3' : index % 30 === 6 || hiRes ? 'flac' : 'wav';
  const sampleRate = hiRes ? 44_100 : prng.chance(0.12) ? 22_050 : 16_000;
  const count = manyTracks ? 10 : hiRes ? 2 : prng.pick([2, 2, 2, 2, 3, 3, 3, 3, 4, 5]);
  const english = /^[\x20-\x7e]+$/.test(info.title);
  const tracks = trackNames(prng, count, english, manyTracks).map((track, i) => ({
    ...track,
    seconds: manyTracks ? 8 : prng.chance(0.04) ? prng.int(20, 40) : prng.int(8, 11),
    seed: deriveSeed(seed, index, i + 1),
  }));

  const code = info.source_id;
  const audioDirs: { dir: string; format: AudioFormat; effects: boolean; needsEncoder: boolean }[] = {
    flat: [{ dir: '', format, effects: false, needsEncoder: false }],
    'mp3-wav': [
      { dir: 'wav', format: 'wav' as const, effects: false, needsEncoder: false },
      { dir: 'mp3', format: 'mp3' as const, effects: false, needsEncoder: true },
    ],
    'se-variants': [
      { dir: 'SE有り', format, effects: true, needsEncoder: false },
      { dir: 'SE無し', format, effects: false, needsEncoder: false },
    ],
    nested: [
      {
        dir: prng.pick([`${code}/音声/wav`, '本編/音声データ', `${safeName(info.title)}/本編`]),
        format,
        effects: false,
        needsEncoder: false,
      },
    ],
    'tracks-folder': [
      { dir: prng.pick(['音声', 'Tracks', 'WAV']), format, effects: false, needsEncoder: false },
    ],
  }[layout];
  const primaryDir = audioDirs[0]?.dir ?? '';
  const artist = info.vas.map((va) => va.name).join(', ') || info.circle.name;

  const files: DemoFile[] = [];
  for (const audio of audioDirs) {
    for (const track of tracks) {
      files.push({
        kind: 'audio',
        basePath: join(audio.dir, track.file),
        tone: { seconds: track.seconds, sampleRate, seed: track.seed, soundEffects: audio.effects },
        format: audio.format,
        needsEncoder: audio.needsEncoder,
        tags: { title: track.title, artist, album: info.title },
      });
    }
  }

  if (index % 6 !== 3) {
    const vtt = index % 5 === 1;
    const language: SubtitleLanguage = vtt
      ? prng.pick(['ja+zh', 'ja+en'] as const)
      : prng.pick(['ja', 'ja', 'ja', 'zh', 'en', 'ja+zh'] as const);
    const subtitleDir = index % 30 === 4 ? '字幕' : primaryDir;
    const skipLast = prng.chance(0.3);
    tracks.forEach((track, i) => {
      if (skipLast && i === tracks.length - 1 && i > 0) return;
      const cues = planCues(new Prng(deriveSeed(track.seed, 7)), track.seconds, language);
      const base = join(subtitleDir, track.file);
      files.push(
        vtt
          ? { kind: 'text', path: `${base}.vtt`, content: toVtt(cues, track.title) }
          : {
              kind: 'text',
              path: `${base}.lrc`,
              content: toLrc(cues, {
                title: track.title,
                artist,
                ...(index === 0 && i === 0 ? { offsetMs: 250 } : {}),
              }),
            },
      );
    });
  }

  if (index % 29 !== 7) files.push(...coverFiles(prng, info, deriveSeed(seed, index, 99), primaryDir));
  if (prng.chance(0.6))
    files.push({
      kind: 'text',
      path: 'readme.txt',
      content: readmeText(
        info,
        tracks.map((t) => t.title),
      ),
    });
  if (index === 2) files.push({ kind: 'text', path: '説明.txt', content: SHIFT_JIS_NOTE_BYTES });
  if (prng.chance(0.3))
    files.push({ kind: 'text', path: 'credits.md', content: creditsMarkdown(prng, info) });
  if (prng.chance(0.25))
    files.push({ kind: 'text', path: 'おまけ/あとがき.txt', content: afterwordText(info) });

  return { info, hasWorkInfo, folder, files };
}
