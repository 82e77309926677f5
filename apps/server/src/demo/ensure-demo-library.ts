import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  DEMO_MARKER_FILE,
  type DemoOptions,
  type DemoSummary,
  demoMarker,
  generateDemoLibrary,
} from './generate-demo-library.js';

/** The demo library's folder inside the data folder. */
export const DEMO_LIBRARY_FOLDER = 'demo-library';

async function readMarker(dir: string): Promise<string | null> {
  try {
    return await readFile(join(dir, DEMO_MARKER_FILE), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Builds the demo library in a temporary sibling folder, then swaps it in, so a crash never leaves a
 * half-written library behind a valid marker. Refuses to replace a non-empty folder that is not a demo
 * library (`sasayaki demo --out` could point at someone's real collection).
 */
export async function regenerateDemoLibrary(dir: string, options: DemoOptions = {}): Promise<DemoSummary> {
  if (existsSync(dir) && (await readMarker(dir)) === null && (await readdir(dir)).length > 0) {
    throw new Error(`${dir} is not empty and is not a demo library; refusing to replace it`);
  }
  await mkdir(dirname(dir), { recursive: true });
  const suffix = `${process.pid}-${Date.now()}`;
  const temp = join(dirname(dir), `.${basename(dir)}.tmp-${suffix}`);
  try {
    const summary = await generateDemoLibrary(temp, options);
    if (existsSync(dir)) {
      const old = join(dirname(dir), `.${basename(dir)}.old-${suffix}`);
      await rename(dir, old);
      await rename(temp, dir);
      await rm(old, { recursive: true, force: true });
    } else {
      await rename(temp, dir);
    }
    return { ...summary, dir };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

export interface EnsureDemoOptions extends DemoOptions {
  /** Receives the one line logged when the library is (re)generated. */
  log?: (line: string) => void;
}

/**
 * Returns `<dataDir>/demo-library`, generating it first unless its marker shows it was made by this
 * generator version with the same settings.
 */
export async function ensureDemoLibrary(dataDir: string, options: EnsureDemoOptions = {}): Promise<string> {
  const { log, ...demoOptions } = options;
  const dir = join(dataDir, DEMO_LIBRARY_FOLDER);
  if ((await readMarker(dir)) === demoMarker(demoOptions)) return dir;
  log?.(`No library folder is configured: generating the demo library in ${dir}`);
  await regenerateDemoLibrary(dir, demoOptions);
  return dir;
}
