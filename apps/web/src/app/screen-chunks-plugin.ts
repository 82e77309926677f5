/**
 * Build-time only (imported by vite.config.ts, never by the app): the app's code (what main.tsx, the
 * small entry, loads once it has started the first screen's reads) in one chunk, and the code of each
 * first screen (the works list, a work page) in one chunk, instead of the two or three dozen small
 * chunks Rolldown splits them into by what the lazy screens share (Mantine's Menu, Popover, floating-ui,
 * icons, helpers). On a phone's network every file is a request, and a work page fetched 30 of them
 * before its first paint: over HTTP/1.1's six connections at 150 ms a round trip that was most of a
 * second (issue 14's phone budget). A module both screens import goes into a chunk the two share, so
 * neither loads the other's code; any other screen that imports one of these modules loads its chunk (a
 * few KB it may not run).
 */
import type { Plugin } from 'vite';

export interface FirstScreens {
  /**
   * The app's module: a second entry point of the build (vite.config.ts), which the small entry (main.tsx)
   * imports once it has started the first screen's reads.
   */
  app: string;
  /** The first screens: their chunk's name and the module the router loads lazily. */
  screens: Readonly<Record<string, string>>;
}

export const FIRST_SCREENS: FirstScreens = {
  app: '/src/app/start-app.tsx',
  screens: { works: '/src/features/works/WorksPage.tsx', work: '/src/features/work/WorkPage.tsx' },
};

export interface ModuleGraph {
  /** Every module of the build. */
  ids: readonly string[];
  /** The entry points (their static imports are the first bundle, `vite.config.ts`'s shell group). */
  entries: readonly string[];
  /** A module's static imports (dynamic imports stay their own chunks). */
  staticImports(id: string): readonly string[];
}

/** Joins the names of the screens that share a module into their shared chunk's. */
const SHARED = '+';

/** Every module reachable from `roots` by static imports, the roots included. */
function reachable(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...graph.staticImports(id));
  }
  return seen;
}

function moduleOf(graph: ModuleGraph, path: string): string {
  const id = graph.ids.find((candidate) => candidate.endsWith(path));
  if (id === undefined) throw new Error(`screen-chunks: no module ${path}`);
  return id;
}

/**
 * The chunk each module of the first screens belongs in, by module id: the screen's name when only that
 * screen imports it, the screens' names joined by `+` when several do. Modules reachable from an entry
 * are left out: they are the app's (the `$initial` group of vite.config.ts) or the small entry's.
 */
export function screenChunkNames(
  graph: ModuleGraph,
  first: FirstScreens = FIRST_SCREENS,
): Map<string, string> {
  const initial = reachable(graph, graph.entries);
  const users = new Map<string, string[]>();
  for (const [name, path] of Object.entries(first.screens)) {
    for (const id of reachable(graph, [moduleOf(graph, path)])) {
      if (!initial.has(id)) users.set(id, [...(users.get(id) ?? []), name]);
    }
  }
  return new Map([...users].map(([id, screens]) => [id, screens.join(SHARED)]));
}

/**
 * The modules the small entry reaches (the app's module excepted): a chunk of their own, which the entry
 * and the app share, so that the entry's reads wait neither for the app's chunk nor for a screen's.
 */
export function entryModules(graph: ModuleGraph, first: FirstScreens = FIRST_SCREENS): Set<string> {
  const app = moduleOf(graph, first.app);
  const seen = new Set<string>();
  const stack = graph.entries.filter((id) => id !== app);
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id) || id === app) continue;
    seen.add(id);
    stack.push(...graph.staticImports(id));
  }
  return seen;
}

/** A code-splitting group of vite.config.ts (Rolldown's `output.codeSplitting.groups`). */
export interface ChunkGroup {
  name: string;
  test: (id: string) => boolean;
  priority: number;
}

/**
 * The plugin reads the module graph once it is complete (`buildEnd`); `inEntry` and the screens' groups
 * (vite.config.ts) are asked per module when the chunks are made, after that. A group takes the imports
 * of its modules along, so the chunk the screens share is made first (else the first screen's chunk
 * would take the shared modules, and the other screen would load all of it), then the screens' own in
 * order; `priority` is the first screen group's (the next ones' are lower).
 */
export function screenChunks(first: FirstScreens = FIRST_SCREENS): {
  plugin: Plugin;
  inEntry: (id: string) => boolean;
  screenGroups: (priority: number) => ChunkGroup[];
} {
  let names = new Map<string, string>();
  let entry = new Set<string>();
  const plugin: Plugin = {
    name: 'sasayaki-screen-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const graph: ModuleGraph = {
        ids,
        entries: ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        staticImports: (id) => this.getModuleInfo(id)?.importedIds ?? [],
      };
      names = screenChunkNames(graph, first);
      entry = entryModules(graph, first);
    },
  };
  const screens = Object.keys(first.screens);
  const order = [screens.join(SHARED), ...screens];
  return {
    plugin,
    inEntry: (id) => entry.has(id),
    screenGroups: (priority) =>
      order.map((name, index) => ({
        name: name.replaceAll(SHARED, '-and-'),
        test: (id: string) => names.get(id) === name,
        priority: priority - index / order.length,
      })),
  };
}
