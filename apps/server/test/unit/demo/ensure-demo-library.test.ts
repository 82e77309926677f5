import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_LIBRARY_FOLDER,
  ensureDemoLibrary,
  regenerateDemoLibrary,
} from '../../../src/demo/ensure-demo-library.js';
import { DEMO_MARKER_FILE, demoMarker } from '../../../src/demo/generate-demo-library.js';

describe('ensureDemoLibrary', () => {
  let dataDir: string;
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('generates once, then reuses the library while the marker matches', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sasayaki-data-'));
    const lines: string[] = [];
    const options = { works: 2, ffmpegPath: null, log: (line: string) => lines.push(line) };

    const dir = await ensureDemoLibrary(dataDir, options);
    expect(dir).toBe(join(dataDir, DEMO_LIBRARY_FOLDER));
    expect(lines).toHaveLength(1);
    expect(readdirSync(dataDir)).toEqual([DEMO_LIBRARY_FOLDER]);

    const sentinel = join(dir, 'kept.txt');
    writeFileSync(sentinel, 'reused');
    expect(await ensureDemoLibrary(dataDir, options)).toBe(dir);
    expect(lines).toHaveLength(1);
    expect(existsSync(sentinel)).toBe(true);

    // A marker from another generator version (or other settings) makes it regenerate, atomically.
    writeFileSync(join(dir, DEMO_MARKER_FILE), 'sasayaki-demo generator=0\n');
    expect(await ensureDemoLibrary(dataDir, options)).toBe(dir);
    expect(lines).toHaveLength(2);
    expect(existsSync(sentinel)).toBe(false);
    expect(readdirSync(dataDir)).toEqual([DEMO_LIBRARY_FOLDER]);
    expect(readdirSync(dir)).toContain(DEMO_MARKER_FILE);
  });

  it('regenerates when the library folder lost its marker but is empty, and refuses a real collection', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sasayaki-data-'));
    const dir = join(dataDir, 'collection');
    mkdirSync(dir);
    const summary = await regenerateDemoLibrary(dir, { works: 1, ffmpegPath: null });
    expect(summary).toMatchObject({ dir, works: 1 });

    rmSync(join(dir, DEMO_MARKER_FILE));
    await expect(regenerateDemoLibrary(dir, { works: 1, ffmpegPath: null })).rejects.toThrow(
      /not a demo library/,
    );
    expect(demoMarker({ works: 1 })).toContain('works=1');
  });
});
