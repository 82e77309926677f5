import {
  IconArrowsShuffle,
  IconListDetails,
  IconRepeat,
  IconRepeatOnce,
  IconRewindBackward5,
  IconRewindBackward10,
  IconRewindBackward15,
  IconRewindBackward30,
  IconRewindForward5,
  IconRewindForward10,
  IconRewindForward15,
  IconRewindForward30,
} from '@tabler/icons-react';
import type { PlayMode } from '../types';

export const MODE_ICONS: Record<PlayMode, typeof IconRepeat> = {
  order: IconListDetails,
  'all repeat': IconRepeat,
  'repeat once': IconRepeatOnce,
  shuffle: IconArrowsShuffle,
};

export const MODE_KEYS: Record<PlayMode, string> = {
  order: 'player.modes.order',
  'all repeat': 'player.modes.allRepeat',
  'repeat once': 'player.modes.repeatOnce',
  shuffle: 'player.modes.shuffle',
};

const BACK = {
  5: IconRewindBackward5,
  10: IconRewindBackward10,
  15: IconRewindBackward15,
  30: IconRewindBackward30,
};
const AHEAD = {
  5: IconRewindForward5,
  10: IconRewindForward10,
  15: IconRewindForward15,
  30: IconRewindForward30,
};

/** The seek icons follow the configured seconds (5, 10, 15, 30; others use the nearest). */
export function seekIcon(direction: 'back' | 'ahead', seconds: number) {
  const set = direction === 'back' ? BACK : AHEAD;
  const nearest = ([5, 10, 15, 30] as const).reduce((best, value) =>
    Math.abs(value - seconds) < Math.abs(best - seconds) ? value : best,
  );
  return set[nearest];
}
