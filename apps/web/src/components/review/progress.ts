import { PROGRESS_STATES, type ProgressState } from '@sasayaki/api-contract';

export { ProgressSelect, type ProgressSelectProps } from './ProgressSelect';
export type { ProgressState };
export { PROGRESS_STATES };

/** The i18n key of a progress state's label (`t(progressLabelKey('listening'))`). */
export function progressLabelKey(state: ProgressState): string {
  return `review.progress.${state}`;
}

export function isProgressState(value: unknown): value is ProgressState {
  return typeof value === 'string' && (PROGRESS_STATES as readonly string[]).includes(value);
}

/** A colour per state, so a state reads at a glance in lists and badges. */
export const PROGRESS_COLORS: Record<ProgressState, string> = {
  marked: 'pink',
  listening: 'blue',
  listened: 'teal',
  replay: 'grape',
  postponed: 'gray',
};
