import { usePlayerStore } from '../store';
import { useLyricsStore } from './lyrics-store';
import { currentLineIndex } from './parse';

/** The index of the line showing now (re-renders only when it changes). */
export function useCurrentLine(): number {
  const lines = useLyricsStore((s) => s.lines);
  const offset = useLyricsStore((s) => s.offset);
  return usePlayerStore((s) => currentLineIndex(lines, s.currentTime, offset));
}
