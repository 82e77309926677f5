import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, serverCommandLine } from '../../src/startup/node-flags.js';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** `node [options] apps/server/dist/main.js serve`, with the options captured. */
const SERVE_COMMAND = /\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+apps\/server\/dist\/main\.js serve\b/g;

/** The Node options of every `serve` command in a text, one list a command. */
function serveCommandOptions(text: string): string[][] {
  return [...text.matchAll(SERVE_COMMAND)].map((match) =>
    (match[1] ?? '').trim().split(/\s+/).filter(Boolean),
  );
}

/**
 * The server's Node options (startup/node-flags.ts: the old generation's growth, so its RSS under load)
 * take effect only on Node's command line, so every path that starts `serve` must give them.
 */
describe('the Node options every start of the server gets', () => {
  it('npm start passes them', () => {
    const scripts: Record<string, string> = JSON.parse(read('package.json')).scripts;
    const commands = serveCommandOptions(scripts.start ?? '');
    expect(commands).toHaveLength(1);
    expect(commands[0]).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
  });

  it('every serve command in the README and the docs passes them', () => {
    const documents = [
      'README.md',
      'bench/README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    const found = documents.flatMap((path) =>
      serveCommandOptions(read(path)).map((options) => ({ path, options })),
    );
    // docs/deployment.md, docs/administration.md and the bench's README name the command at least.
    expect(found.length).toBeGreaterThanOrEqual(3);
    for (const { path, options } of found)
      expect(options, path).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
  });

  it("the bench's servers are spawned with serverCommandLine", () => {
    const source = read('bench/src/server-process.ts');
    expect(source).toContain('serverCommandLine(SERVER_MAIN');
    expect(source).not.toMatch(/SERVER_MAIN, 'serve'/);
  });

  it("puts a caller's own options after the flags, so that one given again there wins", () => {
    expect(serverCommandLine('main.js', ['--cpu-prof', '--max-old-space-size=2048'])).toEqual([
      ...SERVER_NODE_FLAGS,
      '--cpu-prof',
      '--max-old-space-size=2048',
      'main.js',
      'serve',
    ]);
  });
});
