import i18next from 'i18next';
import { useEffect } from 'react';
import { ApiError, api } from '../../api/client';
import { notifyError } from '../../lib/notify';
import { fileIdOf, workIdOf } from '../queue-rules';
import { usePlayerStore } from '../store';
import { readChoice, readOffset, type SubtitleChoice, useLyricsStore } from './lyrics-store';
import { formatOf, parseSubtitle } from './parse';

interface CheckLrc {
  result: boolean;
  hash?: string;
  lyricExtension?: string;
  /** The subtitle as it is when `hash` is its LRC form for other apps: this app reads VTT and SRT itself. */
  original?: { hash: string; lyricExtension: string };
}

async function fetchText(hash: string): Promise<string> {
  const body = await api<unknown>(`/api/media/stream/${hash}`);
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** Loads the subtitle of `hash`: the user's choice, else the server's match (check-lrc). */
export async function loadLyrics(
  hash: string,
  choice: SubtitleChoice | null = readChoice(hash),
): Promise<void> {
  const workId = workIdOf(hash);
  useLyricsStore.setState({
    hash,
    lines: [],
    loading: true,
    source: { kind: 'none' },
    offset: readOffset(workId),
  });
  const done = (state: Partial<ReturnType<typeof useLyricsStore.getState>>) => {
    if (useLyricsStore.getState().hash === hash) useLyricsStore.setState({ loading: false, ...state });
  };
  try {
    if (choice?.kind === 'local') {
      done({
        lines: parseSubtitle(choice.text, formatOf(choice.name)),
        source: { kind: 'local', name: choice.name },
      });
      return;
    }
    if (choice?.kind === 'work') {
      const text = await fetchText(choice.hash);
      done({
        lines: parseSubtitle(text, formatOf(choice.name)),
        source: { kind: 'work', name: choice.name },
      });
      return;
    }
    const check = await api<CheckLrc>(`/api/media/check-lrc/${workId}/${fileIdOf(hash)}`);
    if (!check.result || !check.hash) {
      done({ lines: [], source: { kind: 'none' } });
      return;
    }
    const subtitle = check.original ?? { hash: check.hash, lyricExtension: check.lyricExtension };
    const text = await fetchText(subtitle.hash);
    done({ lines: parseSubtitle(text, formatOf(subtitle.lyricExtension)), source: { kind: 'auto' } });
  } catch (error) {
    done({ lines: [], source: { kind: 'none' } });
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return;
    notifyError(new Error(i18next.t('player.lyrics.loadFailed', { message: (error as Error).message })));
  }
}

/** Follows the current track. */
export function useLyricsLoader(): void {
  const hash = usePlayerStore((s) => s.queue[s.queueIndex]?.hash ?? null);
  useEffect(() => {
    if (hash) void loadLyrics(hash);
    else useLyricsStore.setState({ hash: null, lines: [], loading: false, source: { kind: 'none' } });
  }, [hash]);
}
