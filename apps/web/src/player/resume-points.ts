import type { AuthMe, PlaybackState } from '@sasayaki/api-contract';
import { api } from '../api/client';
import { queryClient } from '../app/query-client';
import { SESSION_QUERY_KEY } from '../features/auth/session';
import { readJson, writeJson } from '../lib/storage';
import { fileIdOf, workIdOf } from './queue-rules';

/**
 * Resume positions (contract 5b): signed-in users' positions live on the server; the guest (who may
 * not write) and signed-out visitors keep theirs in this browser. Every position is also kept locally.
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

export const resumeQueryKey = (workId: number | string) => ['player', 'resume', String(workId)] as const;

/** True when the server keeps this user's positions: signed in and not the guest. */
export function canSaveToServer(): boolean {
  const session = queryClient.getQueryData<AuthMe>(SESSION_QUERY_KEY);
  const user = session?.user;
  return !!user && user.group !== 'guest' && user.name !== 'guest';
}

export function readLocalResume(workId: number | string): PlaybackState | null {
  return readJson<LocalResume>(RESUME_STORAGE_KEY, {})[String(workId)] ?? null;
}

export function writeLocalResume(hash: string, position: number, duration: number | null): void {
  const all = readJson<LocalResume>(RESUME_STORAGE_KEY, {});
  const workId = workIdOf(hash);
  const fileId = fileIdOf(hash);
  const entry = all[workId] ?? { lastFileId: null, files: {} };
  const numeric = Number(fileId);
  entry.lastFileId = Number.isInteger(numeric) ? numeric : null;
  entry.files[fileId] = { position, duration, updatedAt: new Date().toISOString() };
  all[workId] = entry;
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

export async function fetchResumePoint(workId: number | string): Promise<ResumePoint | null> {
  if (!canSaveToServer()) return pickResumePoint(workId, readLocalResume(workId));
  try {
    const state = await api<PlaybackState>(`/api/playback/${workId}`);
    return pickResumePoint(workId, state) ?? pickResumePoint(workId, readLocalResume(workId));
  } catch {
    return pickResumePoint(workId, readLocalResume(workId));
  }
}

/** Saves a position: locally always, and on the server for signed-in non-guest users. */
export async function saveResumePoint(
  hash: string,
  position: number,
  duration: number | null,
): Promise<void> {
  const rounded = Math.max(0, Math.round(position * 10) / 10);
  writeLocalResume(hash, rounded, duration);
  const workId = workIdOf(hash);
  const fileId = Number(fileIdOf(hash));
  const point: ResumePoint = {
    hash,
    fileId: fileIdOf(hash),
    position: rounded,
    duration,
    updatedAt: new Date().toISOString(),
  };
  queryClient.setQueryData(resumeQueryKey(workId), point);
  if (!canSaveToServer() || !Number.isInteger(fileId)) return;
  try {
    await api(`/api/playback/${workId}`, {
      method: 'PUT',
      body: { fileId, position: rounded, duration: duration && Number.isFinite(duration) ? duration : null },
    });
  } catch (error) {
    console.warn('could not save the playback position', error);
  }
}
