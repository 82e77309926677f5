import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * What the web app's build reads, relative to the repository: its sources, the contract it bundles from
 * source, and the lockfile (which pins Vite, its plugins and every bundled package, and whose packages'
 * licences the About page lists).
 */
export const WEB_BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/api-contract/src',
  'package-lock.json',
];

/** Written into the build's folder: a build deleted or replaced (`vite build`) takes its stamp with it. */
export const STAMP_FILE = '.sources-sha256';

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(path, entry.name)) : [join(path, entry.name)],
  );
}

/**
 * One hash of every input's path and content (contents, not modification times: a `git checkout` or a
 * fresh clone touches every file without changing one). A missing input counts as its absence.
 */
export function hashSources(root: string, inputs: readonly string[] = WEB_BUILD_INPUTS): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const files = filesUnder(join(root, input))
      .map((file) => relative(root, file).split(sep).join('/'))
      .sort();
    hash.update(`${input}\0${files.length}\0`);
    for (const file of files) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** The build in `outDir` was made from sources with this hash, and its page is still there. */
export function buildIsCurrent(outDir: string, sourcesHash: string): boolean {
  const stamp = join(outDir, STAMP_FILE);
  if (!existsSync(join(outDir, 'index.html')) || !existsSync(stamp)) return false;
  return readFileSync(stamp, 'utf8').trim() === sourcesHash;
}

/** Called after a successful build with the hash taken before it (a file edited meanwhile rebuilds next time). */
export function writeStamp(outDir: string, sourcesHash: string): void {
  writeFileSync(join(outDir, STAMP_FILE), `${sourcesHash}\n`);
}
