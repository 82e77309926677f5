import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MetadataFetchProgress, ScanState, Work } from '@sasayaki/api-contract';
import { expect } from 'vitest';
import type { TestServer } from './test-context.js';

/**
 * Writes work folders (code → folder name) holding only a readme: no workinfo.json and no audio, so a scan
 * knows each work by its folder name alone and the metadata fetch behind it has everything to fill in.
 */
export function writeBareWorks(library: string, folders: Record<string, string>): void {
  for (const [code, folder] of Object.entries(folders)) {
    mkdirSync(join(library, folder), { recursive: true });
    writeFileSync(join(library, folder, 'readme.txt'), `${code}\n`);
  }
}

/** Polls GET /api/scan (for up to 30 s) until the metadata fetch behind the scan has ended; its progress. */
export async function metadataFetchEnded(server: TestServer): Promise<MetadataFetchProgress> {
  for (let tries = 0; tries < 300; tries++) {
    const state = ScanState.parse((await server.app.inject({ method: 'GET', url: '/api/scan' })).json());
    if (state.metadata && !state.metadata.running && state.metadata.finishedAt) return state.metadata;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the metadata fetch did not end');
}

/** GET /api/workInfo/:code, which must answer 200 with the contract's Work. */
export async function workInfo(server: TestServer, code: string): Promise<Work> {
  const response = await server.app.inject({ method: 'GET', url: `/api/workInfo/${code}` });
  expect(response.statusCode).toBe(200);
  return Work.parse(response.json());
}
