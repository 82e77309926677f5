import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** npm's own version ranges (a dependency of npm and of the tools here; no types are installed). */
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

/**
 * Issue 15 item 6: `npm ci` gives no engine warning on the Node versions the README names. Those are the
 * lowest of each part of package.json's `engines.node`; every package installed here must accept each one
 * (a dependency bumped to one wanting a newer Node brings the warning back: pin it, or raise the minimum
 * in package.json and the README together).
 */
describe('Node versions', () => {
  const range: string = readJson('package.json').engines.node;
  const minimums = range.split('||').map((part) => semver.minVersion(part.trim())?.version ?? part);

  it('the README names the lowest version of each supported line', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const minimum of minimums) {
      const [major, minor] = minimum.split('.');
      expect(readme, minimum).toContain(minor === '0' ? `${major}+` : `${major}.${minor}`);
    }
  });

  it('every installed package accepts each of them', () => {
    const packages: Record<string, { engines?: { node?: unknown } }> = readJson('package-lock.json').packages;
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(packages)) {
      const wanted = entry.engines?.node;
      // Optional packages of other platforms are listed but not installed: npm does not look at them.
      if (typeof wanted !== 'string' || path === '' || !existsSync(join(ROOT, path))) continue;
      for (const minimum of minimums) {
        if (!semver.satisfies(minimum, wanted)) refused.push(`${path} wants ${wanted}, not ${minimum}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
