/**
 * The Node options `serve` is started with, by every path that starts it: `npm start` (package.json),
 * the commands in docs/deployment.md and docs/administration.md, and the bench's server processes
 * (bench/src/server-process.ts spawns `serverCommandLine`). test/unit/node-flags.test.ts checks that they
 * agree. They must be given on Node's command line: V8 reads them when it makes the heap, and
 * `v8.setFlagsFromString` after that changes nothing.
 *
 * `--max-old-space-size=1024`: V8 marks the old generation again once it has grown to its live size
 * times a factor, and the ceiling of that factor follows the heap's limit (4 with Node's default limit of
 * 4 GB on a machine with 16 GB or more, smaller under 2 GB). The server's live heap is 30-40 MB at
 * 100,000 works, so with the default the old space filled with garbage to over 100 MB between two
 * collections under the bench's loads (`--trace-gc`: 109 MB → 29.5 MB, the first mark-compact after
 * start-up), and the process kept those pages: RSS peaked at 253-278 MB on SQLite and 304 on PostgreSQL
 * against a budget of 250. With 1 GB (25 times the live heap; V8's factor is then at most 1.6) the same
 * loads peaked about 35 MB lower (bench/README.md, "Memory"). A library whose live heap neared 1 GB would
 * stop with V8's out-of-memory error: raise the figure with it.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-old-space-size=1024'];

/**
 * `node`'s arguments that start the server: the flags, then `extra` (options of the caller's own, such
 * as a profiler's; after the flags, so that one of them given again there wins), the entry point, `serve`.
 */
export function serverCommandLine(main: string, extra: readonly string[] = []): string[] {
  return [...SERVER_NODE_FLAGS, ...extra, main, 'serve'];
}
