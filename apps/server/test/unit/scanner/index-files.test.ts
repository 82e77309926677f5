import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { indexWorkFiles } from '../../../src/scanner/index-files.js';
import { PathGuard } from '../../../src/scanner/path-guard.js';
import type { ScanReporter, WorkFolder } from '../../../src/scanner/scan-types.js';

// The walk's realpath calls, counted (the module is the real one otherwise).
vi.mock('node:fs/promises', async (original) => {
  const actual = await original<typeof import('node:fs/promises')>();
  return { ...actual, realpath: vi.fn(actual.realpath) };
});
const realpath = vi.mocked(fsPromises.realpath);

const root = mkdtempSync(join(tmpdir(), 'sasayaki-index-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function work(name: string): WorkFolder {
  const absPath = join(root, name);
  return { id: 300_001, rootDir: root, dir: { text: name, raw: null }, absPath, display: absPath };
}

function reporter(): ScanReporter & { issues: string[] } {
  const issues: string[] = [];
  return {
    signal: new AbortController().signal,
    issues,
    issue: (path, message) => {
      issues.push(`${path}: ${message}`);
    },
    count: () => {},
    setCurrent: () => {},
  };
}

describe('indexWorkFiles', () => {
  beforeEach(() => {
    realpath.mockClear();
  });

  it('walks a work without symbolic links without asking for any real path (a rescan walks them all)', async () => {
    mkdirSync(join(root, 'RJ300001 plain', 'mp3'), { recursive: true });
    writeFileSync(join(root, 'RJ300001 plain', 'mp3', '01.mp3'), 'a');
    writeFileSync(join(root, 'RJ300001 plain', 'cover.jpg'), 'b');
    const guard = await PathGuard.forRoots([root]);
    realpath.mockClear();
    const files = await indexWorkFiles(work('RJ300001 plain'), guard, reporter());
    expect(files?.map((file) => file.path.text)).toEqual(['mp3/01.mp3', 'cover.jpg']);
    expect(files?.[0]?.absPath).toBe(join(root, 'RJ300001 plain', 'mp3', '01.mp3'));
    expect(realpath).not.toHaveBeenCalled();
  });

  it('still skips a link to a folder that holds the work, naming it in the message', async () => {
    mkdirSync(join(root, 'RJ300002 looped'), { recursive: true });
    writeFileSync(join(root, 'RJ300002 looped', '01.wav'), 'a');
    symlinkSync('..', join(root, 'RJ300002 looped', 'up'));
    const guard = await PathGuard.forRoots([root]);
    const seen = reporter();
    const files = await indexWorkFiles(work('RJ300002 looped'), guard, seen);
    expect(files?.map((file) => file.path.text)).toEqual(['01.wav']);
    expect(seen.issues).toEqual([
      `${join(root, 'RJ300002 looped', 'up')}: Symbolic link to a folder that holds the work (a loop); skipped`,
    ]);
  });
});
