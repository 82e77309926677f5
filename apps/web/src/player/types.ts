/** One entry of the play queue: a tree file plus what the player needs to show it without the work page. */
export type QueueItem = {
  hash: string;
  title: string;
  workId: number;
  sourceId: string;
  workTitle: string;
  circleName: string | null;
  duration?: number;
  mediaStreamUrl: string;
  streamLowQualityUrl?: string;
  coverUrl: string;
};

/** Spec section 4: the modes cycle order → all repeat → repeat once → shuffle → order. */
export const PLAY_MODES = ['order', 'all repeat', 'repeat once', 'shuffle'] as const;
export type PlayMode = (typeof PLAY_MODES)[number];

/** What components ask of the audio element; the element reports the real state back. */
export type PlayIntent = 'nothing' | 'wantPlay' | 'wantPause';

/** Which file is streamed: the low-bitrate one or the original (quality behaviour plus fallbacks). */
export type StreamQuality = 'low' | 'original';

export interface PlayerState {
  queue: QueueItem[];
  queueIndex: number;
  /** Real state, reported by the audio element's events. */
  playing: boolean;
  intent: PlayIntent;
  currentTime: number;
  duration: number;
  /** End of the buffered range around the play head (seconds). */
  buffered: number;
  /** Playback is wanted but the audio is not advancing (loading, seeking, waiting for data). */
  buffering: boolean;
  volume: number;
  muted: boolean;
  playMode: PlayMode;
  rate: number;
  /** Bumped to (re)load the current track even when the index stays the same. */
  loadNonce: number;
  /** Where the next load starts (seconds); consumed by the audio element. */
  startAt: number;
  /** A pending seek for the audio element: `nonce` makes repeated seeks to one time distinct. */
  seek: { time: number; nonce: number } | null;
  /** Queue indexes already played in this shuffle round (spec: no repeats until exhausted). */
  shuffled: number[];
  /** A quality forced for the current track (switch mid-track, or the fallback after a failure). */
  qualityOverride: StreamQuality | null;
  /**
   * The override is a seek's detour to the original (a seek past what a growing low-bitrate stream had
   * sent): the player returns to the low-bitrate copy within the track once that is seamless
   * (engine/use-return-to-low.ts). A listener's own choice or a failure's fallback stays.
   */
  overrideForSeek: boolean;
}
