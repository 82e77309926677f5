import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SHELL_MESSAGES } from '../../src/i18n/shell-messages';
import { WORK_MESSAGES } from '../../src/i18n/work-messages';

/**
 * Issue 14 at the phone size: /work/:id waits, before its first paint, for its own messages only, not
 * for the chunk of every other screen's (the player's, settings', the administrator's...).
 */

const loaders = vi.hoisted(() => ({
  work: vi.fn(async () => undefined),
  deferred: vi.fn(async () => undefined),
}));

vi.mock('../../src/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/i18n')>()),
  loadWorkMessages: loaders.work,
  loadDeferredMessages: loaders.deferred,
}));

const { routes } = await import('../../src/app/router');

function findRoute(list: RouteObject[], path: string): RouteObject | undefined {
  for (const route of list) {
    if (route.path === path) return route;
    const inChild = route.children ? findRoute(route.children, path) : undefined;
    if (inChild) return inChild;
  }
  return undefined;
}

async function openRoute(path: string): Promise<void> {
  const lazy = findRoute(routes, path)?.lazy;
  if (typeof lazy !== 'function') throw new Error(`no lazy route ${path}`);
  await lazy();
}

// The test's own folder (import.meta.url is an http address under jsdom).
const source = join(import.meta.dirname, '../../src');

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the work route and its messages', () => {
  it('loads the work page with its own message chunk, not every other screen’s', async () => {
    loaders.work.mockClear();
    loaders.deferred.mockClear();
    await openRoute('work/:id');
    expect(loaders.work).toHaveBeenCalledTimes(1);
    expect(loaders.deferred).not.toHaveBeenCalled();
  }, 20_000);

  it('other screens still wait for the deferred messages', async () => {
    loaders.deferred.mockClear();
    await openRoute('about');
    expect(loaders.deferred).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('every namespace the work page and its components use is in the shell or the work chunk', () => {
    const loaded = new Set([...Object.keys(SHELL_MESSAGES), ...Object.keys(WORK_MESSAGES)]);
    const used = new Set(
      [join(source, 'features/work'), join(source, 'components')]
        .flatMap(filesUnder)
        .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bt\(['`"]([a-zA-Z]+)\./g)])
        .map((match) => match[1] ?? ''),
    );
    expect(used.size).toBeGreaterThan(3);
    expect([...used].filter((namespace) => !loaded.has(namespace))).toEqual([]);
  });
});
