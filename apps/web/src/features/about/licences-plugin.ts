/**
 * Build-time only (imported by vite.config.ts, never by the app): the About page's list of the libraries
 * in the web bundle with their licences, and the web app's own version.
 *
 * - `virtual:sasayaki-licences` exports the dependencies of apps/web/package.json and their production
 *   dependency closure, read from the installed node_modules/<name>/package.json files (name, version,
 *   licence, home page), sorted by name. The About page imports it lazily: it is its own small chunk.
 * - `__SASAYAKI_WEB_VERSION__` is defined as apps/web/package.json's version.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

export interface LicenceEntry {
  name: string;
  version: string;
  license: string;
  homepage: string | null;
}

interface PackageJson {
  name?: string;
  version?: string;
  private?: boolean;
  license?: string | { type?: string };
  licenses?: Array<{ type?: string }>;
  homepage?: string;
  repository?: string | { url?: string };
  dependencies?: Record<string, string>;
}

const VIRTUAL_ID = 'virtual:sasayaki-licences';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

function readJson(path: string): PackageJson {
  return JSON.parse(readFileSync(path, 'utf8')) as PackageJson;
}

/** Node's lookup: <dir>/node_modules/<name>, then each parent folder's. */
function findPackage(name: string, fromDir: string): string | null {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function licenceName(pkg: PackageJson): string {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  const names = (pkg.licenses ?? []).map((entry) => entry.type).filter(Boolean);
  return names.length > 0 ? names.join(' OR ') : 'UNKNOWN';
}

function homepage(pkg: PackageJson): string | null {
  const raw = pkg.homepage ?? (typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url);
  if (!raw) return null;
  const url = raw
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/\.git$/, '');
  if (/^[\w.-]+\/[\w.-]+$/.test(url)) return `https://github.com/${url}`;
  return url.startsWith('https://') || url.startsWith('http://') ? url : null;
}

/** The production dependency closure of the package in `appDir`, private (workspace) packages left out. */
export function collectLicences(appDir: string): LicenceEntry[] {
  const root = readJson(join(appDir, 'package.json'));
  const seen = new Map<string, LicenceEntry>();
  const queue: Array<[string, string]> = Object.keys(root.dependencies ?? {}).map((name) => [name, appDir]);
  while (queue.length > 0) {
    const [name, fromDir] = queue.shift() as [string, string];
    const path = findPackage(name, fromDir);
    if (!path) continue;
    const pkg = readJson(path);
    const key = `${name}@${pkg.version ?? ''}`;
    if (seen.has(key)) continue;
    // Our own workspace packages (the contract) are ours, and the bundle takes only their zod-free entry.
    if (pkg.private) continue;
    seen.set(key, { name, version: pkg.version ?? '', license: licenceName(pkg), homepage: homepage(pkg) });
    for (const dependency of Object.keys(pkg.dependencies ?? {})) queue.push([dependency, dirname(path)]);
  }
  return [...seen.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  );
}

export function sasayakiAboutPlugin(appDir: string): Plugin {
  const version = readJson(resolve(appDir, 'package.json')).version ?? '0.0.0';
  return {
    name: 'sasayaki-about',
    config: () => ({ define: { __SASAYAKI_WEB_VERSION__: JSON.stringify(version) } }),
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : null),
    load: (id) =>
      id === RESOLVED_ID ? `export default ${JSON.stringify(collectLicences(resolve(appDir)))};` : null,
  };
}
