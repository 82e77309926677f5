import { rmSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { addWork, createLibrary, type FixtureWork } from '../integration/media-fixtures.js';
import { type DatabaseKind, startTestServer, type TestServer } from './test-context.js';

/** A test server with a library folder of fixture works, written and indexed as a scan leaves them. */
export interface LibraryServer {
  server: TestServer;
  /** The library folder the works are in. */
  library: string;
  /** A GET through Fastify's injector. */
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Starts a server of `kind` with a new library folder configured (files are served from configured folders
 * only) and adds `works` in it; `close` removes both.
 */
export async function startLibraryServer(kind: DatabaseKind, works: FixtureWork[]): Promise<LibraryServer> {
  const library = createLibrary();
  const server = await startTestServer(kind, { SASAYAKI_LIBRARY: library });
  for (const work of works) await addWork(server.ctx.database.db, library, work);
  return {
    server,
    library,
    get: (url, headers = {}) => server.app.inject({ method: 'GET', url, headers }),
    async close() {
      await server.close();
      rmSync(library, { recursive: true, force: true });
    },
  };
}
