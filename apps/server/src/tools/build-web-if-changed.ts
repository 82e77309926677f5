#!/usr/bin/env node
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { buildIsCurrent, hashSources, writeStamp } from './web-build-stamp.js';

/**
 * `npm start`'s second step, after the incremental `tsc -b`: builds the web app only when its sources
 * changed since the build in `apps/web/dist` was made (web-build-stamp.ts), so a second start does not
 * spend half a minute in Vite. `npm run build` still always builds.
 */
const root = resolve(import.meta.dirname, '../../../..');
const outDir = join(root, 'apps/web/dist');
const sourcesHash = hashSources(root);

if (buildIsCurrent(outDir, sourcesHash)) {
  console.log('Web app unchanged since its last build (apps/web/dist): not built again.');
} else {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@sasayaki/web'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeStamp(outDir, sourcesHash);
}
