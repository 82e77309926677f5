import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect.js';
import { refreshPlannerStatistics } from '../planner-statistics.js';

/** Libraries scanned before scans refreshed the planner's statistics get them once (see planner-statistics.ts). */
export async function up(db: Kysely<unknown>, dialect: DialectKind): Promise<void> {
  await refreshPlannerStatistics(db, dialect);
}
