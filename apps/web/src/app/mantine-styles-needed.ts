/**
 * Build-time and test-time only (never imported by the app): which of Mantine's per-component
 * stylesheets (`@mantine/core/styles/<Name>.css`) the app needs, in the order `styles.css` has them.
 * `app/mantine.css` imports exactly these instead of all of Mantine's (36 KB gzipped, render-blocking on
 * every first paint); a test keeps it equal to this list, so a component newly used brings its styles.
 * A component's styles are found by walking Mantine's ESM files from each name the app imports, through
 * the components it renders, to the class maps (`*.module.mjs`) it uses: one per stylesheet.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const FROM_MANTINE = /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'@mantine\/(core|notifications)'/g;
const RELATIVE_IMPORT = /(?:import|export)\s[^'"]*?from\s*"(\.[^"]+)"|import\s*"(\.[^"]+)"/g;
const CLASS_MAP = /\/([A-Za-z]+)\.module\.mjs$/;

/** Every source file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The names the app imports from `@mantine/core` (directly, or through `@mantine/notifications`). */
function importedNames(srcDir: string): Map<'core' | 'notifications', Set<string>> {
  const names = new Map<'core' | 'notifications', Set<string>>([
    ['core', new Set()],
    ['notifications', new Set()],
  ]);
  for (const file of sources(srcDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(FROM_MANTINE)) {
      const target = names.get(match[2] as 'core' | 'notifications');
      for (const part of (match[1] ?? '').split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name) target?.add(name);
      }
    }
  }
  return names;
}

/** Where each name of a package's ESM index comes from (it imports each, then exports them all). */
function exportFiles(indexFile: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const match of readFileSync(indexFile, 'utf8').matchAll(
    /import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g,
  )) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name && match[2]) files.set(name, resolve(dirname(indexFile), match[2]));
    }
  }
  return files;
}

/** The class maps reached from `entries` through relative imports, by stylesheet name. */
function classMaps(entries: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const found = new Set<string>();
  const queue = [...entries];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const stylesheet = CLASS_MAP.exec(file)?.[1];
    if (stylesheet) found.add(stylesheet);
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const path = match[1] ?? match[2];
      if (path) queue.push(resolve(dirname(file), path));
    }
  }
  return found;
}

/** The stylesheets the app's sources under `srcDir` need, in `styles.css`'s order, without `.css`. */
export function mantineStylesNeeded(srcDir: string): string[] {
  const require = createRequire(join(srcDir, 'index.ts'));
  const coreIndex = require.resolve('@mantine/core').replace(/cjs\/index\.c?js$/, 'esm/index.mjs');
  const coreDir = dirname(dirname(coreIndex));
  const names = importedNames(srcDir);
  const coreExports = exportFiles(coreIndex);
  const entries = [...(names.get('core') ?? [])].flatMap((name) => coreExports.get(name) ?? []);
  // The notifications package renders core components: their styles are needed too.
  const notificationsIndex = require
    .resolve('@mantine/notifications')
    .replace(/cjs\/index\.c?js$/, 'esm/index.mjs');
  const notificationFiles = readdirSync(dirname(notificationsIndex), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => join(dirname(notificationsIndex), file));
  const usedFromCore = new Set<string>();
  if ((names.get('notifications')?.size ?? 0) > 0) {
    for (const file of notificationFiles) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/g,
      )) {
        for (const part of (match[1] ?? '').split(','))
          usedFromCore.add(part.split(/\s+as\s+/)[0]?.trim() ?? '');
      }
    }
  }
  for (const name of usedFromCore) {
    const file = coreExports.get(name);
    if (file) entries.push(file);
  }
  const all = readFileSync(join(coreDir, 'styles.css'), 'utf8');
  const positionOf = (stylesheet: string): number => {
    const firstClass = /\.m_[0-9a-f]+/.exec(
      readFileSync(join(coreDir, 'styles', `${stylesheet}.css`), 'utf8'),
    );
    return firstClass ? all.search(new RegExp(`${firstClass[0].replace('.', '\\.')}\\b`)) : -1;
  };
  return [...classMaps(entries)].sort((a, b) => positionOf(a) - positionOf(b));
}
