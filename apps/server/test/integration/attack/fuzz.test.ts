import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { ErrorBody } from '@sasayaki/api-contract';
import fc from 'fast-check';
import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '../../../src/http/plugins/auth.plugin.js';
import { DATABASE_KINDS } from '../../helpers/test-context.js';
import { type AttackServer, startAttackServer } from './attack-server.js';
import { type FuzzRequest, operationsOf, requestsFor } from './fuzz-requests.js';

/**
 * The fuzz suite: random and boundary requests for every operation of the committed OpenAPI document, as
 * every caller. CI runs a fixed seed; `npm run fuzz` runs many more with a random one. FUZZ_SEED (a
 * number, or `random`) and FUZZ_RUNS override both; the seed is printed, so any failure can be replayed.
 */
function seedFrom(text: string | undefined): number {
  if (!text) return 20_261_124;
  if (text === 'random') return Math.floor(Math.random() * 2 ** 31);
  return Number(text);
}
const SEED = seedFrom(process.env.FUZZ_SEED);
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 3_000;
/** The slowest answer allowed: anything slower under one client is a hang waiting to happen. */
const SLOW_MS = 1_000;
/** Bursts of requests sent at once, after the requests one at a time. */
const BURSTS = Math.ceil(RUNS / 20);
/** How many times a slow request is sent again before its slowness counts. */
const SLOW_RETRIES = 2;

const document = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8'));
const operations = operationsOf(document);

/** Requests that may change the callers' accounts or the runtime settings, which later requests rely on. */
function mayChangeAccounts(request: FuzzRequest): boolean {
  return (
    !['GET', 'HEAD', 'OPTIONS'].includes(request.method) &&
    /^\/api\/(credentials|config\/admin|auth\/password)/.test(request.url)
  );
}

/** The request as sent: the caller's token where the drawn carrier puts it. */
function withToken(
  request: FuzzRequest,
  token: string | null,
): { url: string; headers: Record<string, string> } {
  const headers = { ...request.headers };
  let url = request.url;
  if (token && request.carrier === 'header') headers.authorization = `Bearer ${token}`;
  if (token && request.carrier === 'query') url += `${url.includes('?') ? '&' : '?'}token=${token}`;
  if (token && request.carrier === 'cookie') headers.cookie = `${TOKEN_COOKIE}=${token}`;
  return { url, headers };
}

const DECODERS: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
  deflate: inflateSync,
};

/**
 * The body of a response as text, uncompressed; a stream that never ends (server-sent events) is read
 * only when it failed.
 */
async function bodyOf(response: Response): Promise<string> {
  let bytes = response.rawPayload;
  if (response.stream) {
    const stream = response.stream();
    if (response.statusCode < 400) {
      stream.destroy();
      return '';
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    bytes = Buffer.concat(chunks);
  }
  if (bytes.length === 0) return ''; // HEAD, 204 and 304 name an encoding but carry no body
  const decode = DECODERS[String(response.headers['content-encoding'])];
  return (decode ? decode(bytes) : bytes).toString('utf8');
}

function describeRequest(request: FuzzRequest, status: number, body: string): string {
  return `${request.method} ${request.url} as ${request.caller} (${request.carrier}) -> ${status} ${body.slice(0, 300)}`;
}

describe.each(DATABASE_KINDS)('fuzzing every operation of openapi.json on %s', (kind) => {
  let attack: AttackServer;

  beforeAll(async () => {
    attack = await startAttackServer(kind);
  });
  afterAll(async () => {
    await attack?.close();
  });

  const statuses = new Map<number, number>();

  /** Sends one request as its caller; `restore` repairs the callers' accounts after a damaging one. */
  const send = async (request: FuzzRequest, restore: boolean) => {
    const { url, headers } = withToken(request, attack.token(request.caller));
    const started = performance.now();
    const response = await attack.server.app.inject({
      method: request.method as 'GET',
      url,
      headers,
      payload: request.payload,
      payloadAsStream: url.startsWith('/api/scan/events'),
    });
    const elapsed = performance.now() - started;
    const body = await bodyOf(response);
    if (restore && mayChangeAccounts(request)) await attack.restoreAccounts();
    return { response, elapsed, body };
  };

  /** No 5xx, no answer slower than SLOW_MS, every error in the contract's shape. */
  const answersWithinContract = async (request: FuzzRequest, restore: boolean) => {
    const { response, elapsed, body } = await send(request, restore);
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    const seen = describeRequest(request, response.statusCode, body);
    // A machine shared with other work can stall an answer (password hashing runs at a lower CPU
    // priority on purpose): a slow request is sent again, and fails only when every try is slow,
    // which a hang or a slow path is and a busy moment is not.
    let fastest = elapsed;
    for (let retry = 0; retry < SLOW_RETRIES && fastest >= SLOW_MS; retry++) {
      console.log(`fuzz: slow (${Math.round(fastest)} ms), sent again: ${seen.slice(0, 200)}`);
      fastest = Math.min(fastest, (await send(request, restore)).elapsed);
    }

    expect(response.statusCode, seen).toBeLessThan(500);
    expect(fastest, `${seen} took ${Math.round(fastest)} ms at best`).toBeLessThan(SLOW_MS);
    if (response.statusCode >= 400 && request.method !== 'HEAD') {
      expect(response.headers['content-type'], seen).toMatch(/^application\/json/);
      expect(ErrorBody.safeParse(JSON.parse(body)).success, seen).toBe(true);
    }
  };

  const anyRequest = () =>
    fc.constantFrom(...operations).chain((operation) => requestsFor(operation, attack.known));

  it(`answers ${RUNS} generated requests without a 5xx, within ${SLOW_MS} ms, errors in the contract's shape (seed ${SEED})`, {
    timeout: Math.max(60_000, RUNS * 50),
  }, async () => {
    console.log(`fuzz: seed ${SEED}, ${RUNS} requests (FUZZ_SEED / FUZZ_RUNS to change)`);
    await fc.assert(
      fc.asyncProperty(anyRequest(), (request) => answersWithinContract(request, true)),
      { seed: SEED, numRuns: RUNS },
    );
    // How deep the requests went: mostly 400s would mean the generators miss what the routes accept.
    console.log('fuzz: answers by status', Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
  });

  it(`answers ${BURSTS} bursts of up to 8 requests at once the same way (seed ${SEED})`, {
    timeout: Math.max(60_000, BURSTS * 400),
  }, async () => {
    // Requests at once meet each other's writes (the same review, user or position, a scan starting):
    // races must end in a contract answer too. Accounts are repaired after each burst, not inside it.
    await fc.assert(
      fc.asyncProperty(fc.array(anyRequest(), { minLength: 2, maxLength: 8 }), async (burst) => {
        await Promise.all(burst.map((request) => answersWithinContract(request, false)));
        await attack.restoreAccounts();
      }),
      { seed: SEED, numRuns: BURSTS },
    );
    // Still alive and answering after all that.
    expect((await attack.server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
