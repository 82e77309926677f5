import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The work page's first load (issue 14's phone budget): Mantine components that set up a popover or a
 * scroll container bring floating-ui along (about half of the page's chunk), so they load with what
 * opens them (a menu's first click, start-up's idle time), not statically with the page. Walks the
 * page's static imports in the sources, the way its chunk is made (app/screen-chunks-plugin.ts).
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
/** Mantine components whose code pulls floating-ui in (Popover's positioning, ScrollArea's merged refs). */
const HEAVY = ['Menu', 'Popover', 'Combobox', 'Select', 'Tooltip', 'Accordion', 'Table', 'ScrollArea'];
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)([\s\S]*?)\s+from\s+'([^']+)';/gm;

function resolveSource(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.tsx`, `${base}.ts`, `${base}/index.ts`].find((path) => existsSync(path));
}

/** Each file statically reachable from `entry`, with the Mantine names it imports. */
function mantineImports(entry: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const stack = [entry];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (found.has(file)) continue;
    const names: string[] = [];
    found.set(file, names);
    for (const [, clause = '', specifier = ''] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier === '@mantine/core') {
        names.push(...(clause.match(/\b[A-Z]\w*/g) ?? []));
      } else if (specifier.startsWith('.')) {
        const next = resolveSource(file, specifier);
        if (next) stack.push(next);
      }
    }
  }
  return found;
}

describe('the work page’s static imports', () => {
  it('carry no Mantine component that brings floating-ui along', () => {
    const offenders = [...mantineImports(`${SRC}/features/work/WorkPage.tsx`)]
      .flatMap(([file, names]) =>
        names.filter((name) => HEAVY.includes(name)).map((name) => `${name} in ${file}`),
      )
      .map((line) => line.replace(`${SRC}/`, ''));
    expect(offenders).toEqual([]);
  });
});
