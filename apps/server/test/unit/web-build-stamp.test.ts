import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIsCurrent, hashSources, STAMP_FILE, writeStamp } from '../../src/tools/web-build-stamp.js';

const INPUTS = ['web/src', 'web/index.html', 'package-lock.json'];

/** A repository with a few sources and a build of them. */
function repository(): { root: string; outDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'sasayaki-stamp-'));
  mkdirSync(join(root, 'web/src/app'), { recursive: true });
  writeFileSync(join(root, 'web/src/app/main.tsx'), 'export const main = 1;\n');
  writeFileSync(join(root, 'web/src/messages.ts'), 'export const hello = "hello";\n');
  writeFileSync(join(root, 'web/index.html'), '<!doctype html>\n');
  writeFileSync(join(root, 'package-lock.json'), '{}\n');
  const outDir = join(root, 'web/dist');
  mkdirSync(outDir);
  writeFileSync(join(outDir, 'index.html'), '<!doctype html><script src="/a.js"></script>\n');
  return { root, outDir };
}

describe('the web build stamp', () => {
  it('finds the build current after its stamp, and not before one was written', () => {
    const { root, outDir } = repository();
    const hash = hashSources(root, INPUTS);
    expect(buildIsCurrent(outDir, hash)).toBe(false);
    writeStamp(outDir, hash);
    expect(buildIsCurrent(outDir, hashSources(root, INPUTS))).toBe(true);
  });

  it('ignores modification times: a checkout that touches every file does not rebuild', () => {
    const { root, outDir } = repository();
    writeStamp(outDir, hashSources(root, INPUTS));
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'web/src/messages.ts'), later, later);
    expect(buildIsCurrent(outDir, hashSources(root, INPUTS))).toBe(true);
  });

  it.each([
    ['a source edited', (root: string) => writeFileSync(join(root, 'web/src/messages.ts'), 'changed\n')],
    ['a source added', (root: string) => writeFileSync(join(root, 'web/src/new.ts'), 'x\n')],
    ['a source removed', (root: string) => rmSync(join(root, 'web/src/app/main.tsx'))],
    [
      'a source renamed',
      (root: string) => renameSync(join(root, 'web/src/messages.ts'), join(root, 'web/src/words.ts')),
    ],
    ['the lockfile changed', (root: string) => writeFileSync(join(root, 'package-lock.json'), '{"a":1}\n')],
    ['an input file deleted', (root: string) => rmSync(join(root, 'web/index.html'))],
  ])('builds again when %s', (_case, change) => {
    const { root, outDir } = repository();
    writeStamp(outDir, hashSources(root, INPUTS));
    change(root);
    expect(buildIsCurrent(outDir, hashSources(root, INPUTS))).toBe(false);
  });

  it('builds again when the build is gone or was replaced without a stamp', () => {
    const { root, outDir } = repository();
    const hash = hashSources(root, INPUTS);
    writeStamp(outDir, hash);
    rmSync(join(outDir, 'index.html'));
    expect(buildIsCurrent(outDir, hash)).toBe(false);
    writeFileSync(join(outDir, 'index.html'), '<!doctype html>\n');
    rmSync(join(outDir, STAMP_FILE));
    expect(buildIsCurrent(outDir, hash)).toBe(false);
  });
});
