import type { AuthMe, PlaybackState } from '@sasayaki/api-contract';
import { api } from '../api/client';
import { queryClient } from '../app/query-client';
import { SESSION_QUERY_KEY } from '../features/auth/session';
import { readJson, writeJson } from '../lib/storage';
import { fileIdOf, workIdOf } from './queue-rules';

/**
 * Resume positions (contract 5b): signed-in users' positions live on the server, so they follow the
 * listener from device to device; the guest (who may not write) and signed-out visitors keep theirs in
 * this browser. Every position is also kept locally, and the newer of the two wins per file.
 */
export const RESUME_STORAGE_KEY = 'sasayaki.player.resume';

export interface ResumePoint {
  hash: string;
  fileId: string;
  position: number;
  duration: number | null;
  updatedAt: string;
}

type LocalResume = Record<string, PlaybackState>;
type SavedFile = PlaybackState['files'][string];

/** The query of a work's positions (every file's); the work page and the player share it. */
export const resumeQueryKey = (workId: number | string) => ['player', 'resume', String(workId)] as const;

/** Under this many seconds a position is a tap that went nowhere, not a place to come back to. */
const MIN_RESUME_SECONDS = 5;
/**
 * Within the last 10 seconds (the last tenth of a short track) the track was listened to: it starts
 * again from the start.
 */
const END_MARGIN_SECONDS = 10;

/** True when a saved position is worth offering: past the first seconds and before the end. */
export function isResumable(position: number, duration: number | null | undefined): boolean {
  if (!(position >= MIN_RESUME_SECONDS)) return false;
  return !duration || position < duration - Math.min(END_MARGIN_SECONDS, duration / 10);
}

/** True when the server keeps this user's positions: signed in and not the guest. */
export function canSaveToServer(): boolean {
  const session = queryClient.getQueryData<AuthMe>(SESSION_QUERY_KEY);
  const user = session?.user;
  return !!user && user.group !== 'guest' && user.name !== 'guest';
}

export function readLocalResume(workId: number | string): PlaybackState | null {
  return readJson<LocalResume>(RESUME_STORAGE_KEY, {})[String(workId)] ?? null;
}

/** `state` with one file's position recorded (and as the last played file). */
function withFile(state: PlaybackState | null, fileId: string, file: SavedFile): PlaybackState {
  const numeric = Number(fileId);
  return {
    lastFileId: Number.isInteger(numeric) ? numeric : null,
    files: { ...state?.files, [fileId]: file },
  };
}

export function writeLocalResume(hash: string, file: SavedFile): void {
  const all = readJson<LocalResume>(RESUME_STORAGE_KEY, {});
  const workId = workIdOf(hash);
  all[workId] = withFile(all[workId] ?? null, fileIdOf(hash), file);
  // Keep the 200 most recent works.
  const recent = Object.entries(all)
    .sort(([, a], [, b]) => latest(b).localeCompare(latest(a)))
    .slice(0, 200);
  writeJson(RESUME_STORAGE_KEY, Object.fromEntries(recent));
}

function latest(state: PlaybackState): string {
  return (
    Object.values(state.files)
      .map((file) => file.updatedAt)
      .sort()
      .at(-1) ?? ''
  );
}

/**
 * The server's positions and this browser's, the newer per file: a position saved here while the
 * server could not be reached is not lost, and one saved on another device since wins over ours.
 */
export function mergeResumeStates(
  server: PlaybackState | null,
  local: PlaybackState | null,
): PlaybackState | null {
  if (!server || !local) return server ?? local;
  const files = { ...server.files };
  for (const [fileId, file] of Object.entries(local.files)) {
    const theirs = files[fileId];
    if (!theirs || Date.parse(file.updatedAt) > Date.parse(theirs.updatedAt)) files[fileId] = file;
  }
  const lastFileId =
    Date.parse(latest(local)) > Date.parse(latest(server)) ? local.lastFileId : server.lastFileId;
  return { lastFileId, files };
}

/** The last played file of a work and where it stopped, or null. */
export function pickResumePoint(workId: number | string, state: PlaybackState | null): ResumePoint | null {
  if (!state) return null;
  let fileId = state.lastFileId === null ? null : String(state.lastFileId);
  if (fileId === null || !state.files[fileId]) {
    const newest = Object.entries(state.files).sort(([, a], [, b]) =>
      b.updatedAt.localeCompare(a.updatedAt),
    )[0];
    fileId = newest?.[0] ?? null;
  }
  const file = fileId === null ? undefined : state.files[fileId];
  if (fileId === null || !file) return null;
  return {
    hash: `${workId}/${fileId}`,
    fileId,
    position: file.position,
    duration: file.duration,
    updatedAt: file.updatedAt,
  };
}

/** Every saved position of a work: the server's (signed in) merged with this browser's. */
export async function fetchResumeState(workId: number | string): Promise<PlaybackState | null> {
  const local = readLocalResume(workId);
  if (!canSaveToServer()) return local;
  try {
    return mergeResumeStates(await api<PlaybackState>(`/api/playback/${workId}`), local);
  } catch {
    return local;
  }
}

/**
 * Saves a position: locally always, and on the server for signed-in non-guest users. `keepalive`
 * lets the request outlive the page (page hide, unload), as `sendBeacon` would, with the bearer token.
 */
export async function saveResumePoint(
  hash: string,
  position: number,
  duration: number | null,
  options: { keepalive?: boolean } = {},
): Promise<void> {
  const rounded = Math.max(0, Math.round(position * 10) / 10);
  const knownDuration = duration && Number.isFinite(duration) ? duration : null;
  const file: SavedFile = { position: rounded, duration: knownDuration, updatedAt: new Date().toISOString() };
  writeLocalResume(hash, file);
  const workId = workIdOf(hash);
  queryClient.setQueryData<PlaybackState | null>(resumeQueryKey(workId), (state) =>
    withFile(state ?? null, fileIdOf(hash), file),
  );
  const fileId = Number(fileIdOf(hash));
  if (!canSaveToServer() || !Number.isInteger(fileId)) return;
  try {
    await api(`/api/playback/${workId}`, {
      method: 'PUT',
      body: { fileId, position: rounded, duration: knownDuration },
      keepalive: options.keepalive,
    });
  } catch (error) {
    console.warn('could not save the playback position', error);
  }
}
