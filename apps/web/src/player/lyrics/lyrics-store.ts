import { create } from 'zustand';
import { readJson, writeJson } from '../../lib/storage';
import type { LyricLine } from './types';

/** The user's subtitle choice for a track: another text file of the work, or a local file kept here. */
export type SubtitleChoice =
  | { kind: 'work'; hash: string; name: string }
  | { kind: 'local'; name: string; text: string };

const CHOICES_KEY = 'sasayaki.player.subtitleChoices';
const OFFSETS_KEY = 'sasayaki.player.lyricOffsets';
const BAR_KEY = 'sasayaki.player.lyricsBar';

export interface BarSettings {
  /** Centre of the bar as fractions of the window (null: the default place above the player bar). */
  x: number | null;
  y: number | null;
  twoLines: boolean;
}

interface LyricsState {
  /** The track these lines belong to. */
  hash: string | null;
  lines: LyricLine[];
  loading: boolean;
  /** Where the lines came from: 'auto' (check-lrc), a work file, a local file, or none. */
  source: { kind: 'auto' | 'work' | 'local' | 'none'; name?: string };
  /** Seconds added to every line's time (per work). */
  offset: number;
  bar: BarSettings;
  setOffset(workId: string, offset: number): void;
  setBar(patch: Partial<BarSettings>): void;
}

export function readChoice(hash: string): SubtitleChoice | null {
  return readJson<Record<string, SubtitleChoice>>(CHOICES_KEY, {})[hash] ?? null;
}

export function writeChoice(hash: string, choice: SubtitleChoice | null): void {
  const all = readJson<Record<string, SubtitleChoice>>(CHOICES_KEY, {});
  if (choice) all[hash] = choice;
  else delete all[hash];
  writeJson(CHOICES_KEY, all);
}

export function readOffset(workId: string): number {
  const value = readJson<Record<string, number>>(OFFSETS_KEY, {})[workId];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export const useLyricsStore = create<LyricsState>((set, get) => ({
  hash: null,
  lines: [],
  loading: false,
  source: { kind: 'none' },
  offset: 0,
  bar: { x: null, y: null, twoLines: false, ...readJson<Partial<BarSettings>>(BAR_KEY, {}) },
  setOffset: (workId, offset) => {
    const rounded = Math.round(offset * 10) / 10;
    const all = readJson<Record<string, number>>(OFFSETS_KEY, {});
    if (rounded === 0) delete all[workId];
    else all[workId] = rounded;
    writeJson(OFFSETS_KEY, all);
    set({ offset: rounded });
  },
  setBar: (patch) => {
    const bar = { ...get().bar, ...patch };
    writeJson(BAR_KEY, bar);
    set({ bar });
  },
}));
