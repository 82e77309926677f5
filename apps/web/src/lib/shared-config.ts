import { DEFAULT_SEEK_TIMES } from '@sasayaki/api-contract';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

/**
 * The player settings kept in local storage `sharedConfig` (spec sections 3, 4 and 9): seek times,
 * quality behaviour, the subtitle display mode, and what starting a track with a saved position does.
 * The settings page writes them; the player reads them.
 */
export type QualityBehavior = 'fluentFirst' | 'qualityFirst';
export type SubtitleDisplayMode = 'in-app' | 'pip';
/** Starting a track that has a saved position: ask, always resume, or always from the start. */
export const RESUME_MODES = ['ask', 'always', 'never'] as const;
export type ResumeMode = (typeof RESUME_MODES)[number];

export interface SharedConfig {
  /** Seconds the rewind button jumps back (default 5). */
  rewindSeekTime: number;
  /** Seconds the forward button jumps ahead (default 30). */
  forwardSeekTime: number;
  /** fluentFirst (default) streams the low-bitrate file when there is one; qualityFirst never does. */
  qualityBehavior: QualityBehavior;
  /** Where subtitles show: in the app's lyrics bar, or in a picture-in-picture window. */
  subtitleDisplayMode: SubtitleDisplayMode;
  /** Starting a track with a saved position (ours, not the ecosystem's; default ask). */
  resumeMode: ResumeMode;
}

/** The seek-time choices offered by the settings page (seconds). */
export const SEEK_TIME_OPTIONS = [5, 10, 15, 30] as const;

export const DEFAULT_SHARED_CONFIG: Readonly<SharedConfig> = Object.freeze({
  ...DEFAULT_SEEK_TIMES,
  qualityBehavior: 'fluentFirst',
  subtitleDisplayMode: 'in-app',
  resumeMode: 'ask',
});

/** Event fired on `window` after writeSharedConfig, so open screens (the player) can follow changes. */
export const SHARED_CONFIG_EVENT = 'sasayaki:shared-config';

function seekTime(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 600 ? value : fallback;
}

/** Spec section 4: the subtitle display mode is in-app or pip; any other value becomes in-app. */
export function normaliseSubtitleDisplayMode(value: unknown): SubtitleDisplayMode {
  return value === 'pip' ? 'pip' : 'in-app';
}

export function normaliseQualityBehavior(value: unknown): QualityBehavior {
  return value === 'qualityFirst' ? 'qualityFirst' : 'fluentFirst';
}

export function normaliseResumeMode(value: unknown): ResumeMode {
  return RESUME_MODES.includes(value as ResumeMode)
    ? (value as ResumeMode)
    : DEFAULT_SHARED_CONFIG.resumeMode;
}

/** A complete, valid config from whatever is stored (missing or bad fields take their defaults). */
export function normaliseSharedConfig(value: unknown): SharedConfig {
  const raw =
    value !== null && typeof value === 'object'
      ? (value as Partial<Record<keyof SharedConfig, unknown>>)
      : {};
  return {
    rewindSeekTime: seekTime(raw.rewindSeekTime, DEFAULT_SHARED_CONFIG.rewindSeekTime),
    forwardSeekTime: seekTime(raw.forwardSeekTime, DEFAULT_SHARED_CONFIG.forwardSeekTime),
    qualityBehavior: normaliseQualityBehavior(raw.qualityBehavior),
    subtitleDisplayMode: normaliseSubtitleDisplayMode(raw.subtitleDisplayMode),
    resumeMode: normaliseResumeMode(raw.resumeMode),
  };
}

export function readSharedConfig(): SharedConfig {
  return normaliseSharedConfig(readJson<unknown>(STORAGE_KEYS.sharedConfig, null));
}

/** Merges `patch` into the stored config, saves it and returns the result. */
export function writeSharedConfig(patch: Partial<SharedConfig>): SharedConfig {
  const next = normaliseSharedConfig({ ...readSharedConfig(), ...patch });
  writeJson(STORAGE_KEYS.sharedConfig, next);
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent<SharedConfig>(SHARED_CONFIG_EVENT, { detail: next }));
  }
  return next;
}
