import { describe, expect, it } from 'vitest';
import {
  entryModules,
  type ModuleGraph,
  screenChunkNames,
  screenChunks,
} from '../../src/app/screen-chunks-plugin';

/**
 * The small entry's modules in a chunk of their own, and each first screen's in one chunk (issue 14's
 * phone budget: a work page fetched 30 files before its first paint), what the two screens share in a
 * chunk of their own.
 */

const imports: Record<string, string[]> = {
  '/web/index.html': ['/web/src/main.tsx'],
  '/web/src/main.tsx': ['/web/src/app/start-up-reads.ts'],
  '/web/src/app/start-up-reads.ts': ['/web/src/api/client.ts'],
  '/web/src/app/start-app.tsx': ['/node_modules/react-dom/index.js', '/web/src/api/client.ts'],
  '/web/src/features/works/WorksPage.tsx': ['/web/src/components/Card.tsx', '/web/src/works/Pager.tsx'],
  '/web/src/features/work/WorkPage.tsx': [
    '/web/src/components/Card.tsx',
    '/web/src/work/Tree.tsx',
    '/node_modules/react-dom/index.js',
  ],
  '/web/src/components/Card.tsx': ['/web/src/api/client.ts'],
  '/web/src/features/labels/LabelsPage.tsx': ['/web/src/components/Card.tsx'],
};
const ids = [
  ...new Set([...Object.keys(imports), ...Object.values(imports).flat(), '/node_modules/unused.js']),
];
const graph: ModuleGraph = {
  ids,
  entries: ['/web/index.html', '/web/src/app/start-app.tsx'],
  staticImports: (id) => imports[id] ?? [],
};

describe('the first screens’ chunks', () => {
  it('keep what the small entry imports apart from the app', () => {
    expect([...entryModules(graph)].sort()).toEqual([
      '/web/index.html',
      '/web/src/api/client.ts',
      '/web/src/app/start-up-reads.ts',
      '/web/src/main.tsx',
    ]);
  });

  it('put each screen’s own modules with it, and what both screens import in a chunk they share', () => {
    const names = screenChunkNames(graph);
    expect(names.get('/web/src/works/Pager.tsx')).toBe('works');
    expect(names.get('/web/src/work/Tree.tsx')).toBe('work');
    expect(names.get('/web/src/components/Card.tsx')).toBe('works+work');
    // The entries' modules are the entry's and the app's.
    expect(names.has('/web/src/api/client.ts')).toBe(false);
    expect(names.has('/node_modules/react-dom/index.js')).toBe(false);
    // Other screens and unused modules are left to the bundler.
    expect(names.has('/web/src/features/labels/LabelsPage.tsx')).toBe(false);
    expect(names.has('/node_modules/unused.js')).toBe(false);
  });

  it('make the shared chunk first, as each group takes its modules’ imports along', () => {
    const groups = screenChunks().screenGroups(1);
    expect(groups.map(({ name }) => name)).toEqual(['works-and-work', 'works', 'work']);
    const priorities = groups.map(({ priority }) => priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    expect(priorities[0]).toBe(1);
  });
});
