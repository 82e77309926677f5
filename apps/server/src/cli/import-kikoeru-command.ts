import { parseArgs } from 'node:util';
import type { ImportOptions, ImportReport } from '../import-kikoeru/import-kikoeru.js';
import { UsageError } from './user-command.js';

export const IMPORT_KIKOERU_USAGE = `Usage:
  sasayaki import-kikoeru --db PATH/db.sqlite3 [--config PATH/config.json] [--dry-run] [--json]
                          [--map-user KIKOERU_NAME=SASAYAKI_NAME ...]

Imports a kikoeru-express installation: works' metadata (matched to scanned folders by RJ code; works not
in the library are kept for a later scan), circles, tags, voice actors, users, ratings, reviews and
progress. With --config (kikoeru's config.json) users keep their passwords; without it they need one set
by an administrator. A kikoeru user whose name (or a look-alike) is a Sasayaki account is skipped unless
--map-user gives its reviews to that account. --dry-run reports and writes nothing. Running it again
changes nothing.`;

/** The command line's words as the import's options (`--help` is the caller's). */
export function parseImportArgs(args: string[]): ImportOptions & { json: boolean } {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string' },
      config: { type: 'string' },
      'dry-run': { type: 'boolean' },
      json: { type: 'boolean' },
      'map-user': { type: 'string', multiple: true },
    },
  });
  if (!values.db) throw new UsageError(`--db is required\n\n${IMPORT_KIKOERU_USAGE}`);
  const mapUsers = new Map<string, string>();
  for (const pair of values['map-user'] ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0 || at === pair.length - 1)
      throw new UsageError(`--map-user takes KIKOERU_NAME=SASAYAKI_NAME, not "${pair}"`);
    mapUsers.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return {
    databasePath: values.db,
    configPath: values.config,
    dryRun: values['dry-run'] ?? false,
    json: values.json ?? false,
    mapUsers,
  };
}

/** The report as a few lines for people: counts per kind, then each problem. */
export function formatImportReport(report: ImportReport): string {
  const { works, metadata, newLabels, users, reviews } = report;
  const lines = [
    report.dryRun ? 'Dry run: nothing was written. The import would bring:' : 'Imported from kikoeru:',
    `  works    ${works.inLibrary} in the library, ${works.notInLibrary} not in it (kept for a later scan; ${works.absentAdded} new)`,
    `  metadata ${metadata.added} added, ${metadata.updated} updated, ${metadata.unchanged} unchanged (the kikoeru provider's answers)`,
    `  labels   ${newLabels.circles} new circles, ${newLabels.tags} new tags, ${newLabels.vas} new voice actors`,
    `  users    ${users.added} added, ${users.updated} updated, ${users.unchanged} unchanged, ${users.mapped} mapped, ${users.skipped} skipped`,
    `  reviews  ${reviews.added} added, ${reviews.unchanged} unchanged, ${reviews.kept} kept (Sasayaki's differs), ${reviews.skipped} skipped`,
  ];
  if (users.added > 0 && report.passwords === 'unusable') {
    lines.push(
      '',
      'Imported users have no usable password yet: run the import again with --config path/to/kikoeru/config.json',
      '(their passwords then work at their next login), or set one: sasayaki user passwd NAME',
    );
  }
  if (report.problems.length > 0) {
    lines.push('', `${report.problems.length} problem(s):`);
    for (const problem of report.problems)
      lines.push(`  ${problem.kind} ${problem.subject}: ${problem.message}`);
  }
  return lines.join('\n');
}
