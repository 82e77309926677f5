import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MetadataFetchProgress, ScanState } from '@sasayaki/api-contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { eventStream } from '../../src/http/routes/scan-events.js';
import { idleFetchProgress } from '../../src/metadata/fetch-job.js';

const FETCH_IDLE = idleFetchProgress(true);

/** A scan that has ended, with the metadata fetch behind it as given: only the fetch moves. */
function endedScan(metadata: MetadataFetchProgress): ScanState {
  return {
    id: 7,
    mode: 'incremental',
    running: false,
    status: 'finished',
    startedAt: '2026-11-25T07:00:00.000Z',
    finishedAt: '2026-11-25T07:00:05.000Z',
    counts: { found: 5, added: 5, updated: 0, removed: 0, failed: 0, skipped: 0, unchanged: 0 },
    current: null,
    errors: [],
    metadata,
  };
}

type SentEvent = { event: string; data: ScanState };

const openStreams = new Set<() => void>();
let app: FastifyInstance | undefined;
afterEach(async () => {
  for (const end of [...openStreams]) end();
  await app?.close();
});

/** Serves `/events` from the states in turn (the last one for good); answers the events until `count` came. */
async function eventsFrom(states: ScanState[], count: number): Promise<SentEvent[]> {
  app = Fastify();
  let read = 0;
  const readState = async () => states[Math.min(read++, states.length - 1)] as ScanState;
  app.get('/events', (request, reply) => eventStream(request, reply, readState, openStreams));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const events: SentEvent[] = [];
    const req = httpRequest(`http://127.0.0.1:${port}/events`, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) as ScanState });
        }
        if (events.length >= count) {
          req.destroy();
          resolve(events);
        }
      });
    });
    req.on('error', (error) => {
      if (!req.destroyed) reject(error);
    });
    req.end();
  });
}

describe('the scanner events stream', () => {
  it('sends progress when only the metadata fetch behind an ended scan moves (issue 12: the fetch’s progress)', async () => {
    const started = { ...FETCH_IDLE, running: true, startedAt: '2026-11-25T07:00:06.000Z', waiting: 5 };
    const states = [
      endedScan(started),
      endedScan({ ...started, done: 3, fetched: 2, notFound: 1, waiting: 2, current: 'RJ146932' }),
      endedScan({
        ...started,
        running: false,
        finishedAt: '2026-11-25T07:00:09.000Z',
        done: 5,
        fetched: 4,
        notFound: 1,
        waiting: 0,
      }),
    ];
    const events = await eventsFrom(states, 3);
    expect(events.map((sent) => sent.event)).toEqual(['progress', 'progress', 'progress']);
    expect(events.map((sent) => sent.data.metadata?.done)).toEqual([0, 3, 5]);
    expect(events[2]?.data.metadata).toMatchObject({ running: false, fetched: 4, notFound: 1 });
  }, 10_000);
});
