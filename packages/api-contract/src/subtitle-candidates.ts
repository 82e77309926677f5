import { z } from 'zod';
import { MAX_ID } from './constants.js';

/**
 * `POST /api/media/check-lrc-v2` (reference section 9): subtitle files that fit an audio file, from its
 * work, the work's variants (`SE無し`, `mp3`/`wav` folders) and its other editions in the library.
 */
export const CheckLrcV2Body = z.object({
  intProductID: z
    .number()
    .int()
    .min(1)
    .max(MAX_ID)
    .describe('The work id (at most MAX_ID, the database integer ids)'),
  mediaDuration: z.number().min(0).max(1_000_000).optional().describe("The audio file's length, seconds"),
  mediaFileName: z.string().min(1).max(1_000),
});
export type CheckLrcV2Body = z.infer<typeof CheckLrcV2Body>;

export const SubtitleCandidate = z.object({
  title: z.string().describe('The subtitle file name'),
  subPath: z.array(z.string()).describe('Its folders inside its work'),
  hash: z.string().describe('`<work id>/<file id>`, for /api/media/stream/:hash'),
  ext: z.string().describe('lrc, vtt or srt'),
  duration: z.number().describe('Seconds of the audio the subtitle belongs to; 0 when unknown'),
  confidence: z.number().min(0).max(1),
});
export type SubtitleCandidate = z.infer<typeof SubtitleCandidate>;

export const CheckLrcV2Answer = z.array(SubtitleCandidate);
