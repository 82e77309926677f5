import { z } from 'zod';

/**
 * Shapes the apps of the kikoeru and asmr.one ecosystem send and parse beyond the kikoeru 0.6.2 API
 * (issue 13; docs/clients.md).
 */

/** `GET /api/config/shared`: the settings kikoeru's web app reads on every load. */
export const SharedConfigBody = z.object({
  sharedConfig: z.object({
    rewindSeekTime: z.number().describe('Seconds the rewind button jumps back'),
    forwardSeekTime: z.number().describe('Seconds the forward button jumps ahead'),
  }),
});
export type SharedConfigBody = z.infer<typeof SharedConfigBody>;
