import { z } from 'zod';
import { PageQuery, Pagination, ScanState } from './schemas.js';

// ---- the scanner page's history of past scans (issue 15 item 5; docs/administration.md) ----

/** One past (or the running) scan, without its list of problems: the history's row. */
export const ScanSummary = ScanState.pick({
  mode: true,
  running: true,
  status: true,
  startedAt: true,
  finishedAt: true,
  counts: true,
}).extend({
  id: z.number().int(),
  durationMs: z.number().int().nullable().describe('From start to end; null while it runs'),
  errorCount: z.number().int().describe('Problems of level error in its list'),
  warningCount: z.number().int().describe('Problems of level warn in its list'),
});
export type ScanSummary = z.infer<typeof ScanSummary>;

/** Newest first; `GET /api/scan/history/:id` gives one scan whole, with its problems. */
export const ScanHistory = z.object({ scans: z.array(ScanSummary), pagination: Pagination });
export type ScanHistory = z.infer<typeof ScanHistory>;

export const ScanHistoryQuery = PageQuery;
