import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { clientHeaders, type LoadStats, loadStats } from './measure.js';
import { Random } from './random.js';
import { RangeClient } from './range-client.js';
import { residentMegabytes } from './server-process.js';

export interface PacedLoadOptions {
  url: string;
  token: string;
  path: string;
  /** Each request asks for `rangeBytes` at a random offset of a file of `fileBytes` (seeded). */
  ranges: { fileBytes: number; rangeBytes: number; seed: number };
  clients: number;
  /** Each client starts a request this often, or as soon as its previous one ends when that is later. */
  perClientPerSecond: number;
  /**
   * Seconds of the same load first, not measured: the server's code gets optimised and the clients'
   * connections are open when measuring starts, as a player's is after its first range.
   */
  warmUpSeconds: number;
  seconds: number;
  serverPid: number;
}

/**
 * Clients that each ask at their own steady pace, as players buffering ahead do, started at random phases
 * so their requests spread over each second. Autocannon's rate limit cannot do this: it lets every
 * connection send its quota for the second at once, a burst of all clients together each second. Each client is
 * one keep-alive connection (`range-client.ts`, reading into one reused buffer), and they all run in a
 * worker thread: its own heap and event loop, so the bench's memory never pauses their clocks.
 */
export function pacedLoad(options: PacedLoadOptions): Promise<LoadStats> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: options });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The paced clients' worker exited with ${code}`)));
  });
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  runPacedClients(workerData as PacedLoadOptions).then((stats) => port.postMessage(stats));
}

async function runPacedClients(options: PacedLoadOptions): Promise<LoadStats> {
  const random = new Random(options.ranges.seed);
  const { fileBytes, rangeBytes } = options.ranges;
  const rangeHeader = () => {
    const start = random.int(0, fileBytes - rangeBytes);
    return { range: `bytes=${start}-${start + rangeBytes - 1}` };
  };
  const target = new URL(options.url);
  const intervalMs = 1000 / options.perClientPerSecond;
  const measureFrom = performance.now() + options.warmUpSeconds * 1000;
  const endAt = measureFrom + options.seconds * 1000;
  const totals: number[] = [];
  const firstBytes: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let peakRssMb = 0;
  const rssTimer = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, residentMegabytes(options.serverPid));
  }, 100);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  const connections: RangeClient[] = [];

  const client = async () => {
    let connection = new RangeClient(target.hostname, Number(target.port));
    connections.push(connection);
    await sleep(Math.random() * intervalMs);
    while (performance.now() < endAt) {
      const startedAt = performance.now();
      try {
        const answer = await connection.get(options.path, {
          ...clientHeaders(options.token),
          ...rangeHeader(),
        });
        if (startedAt >= measureFrom) {
          firstBytes.push(answer.firstByteMs);
          totals.push(answer.totalMs);
          if (answer.status >= 300) non2xx += 1;
        }
      } catch {
        errors += 1;
        connection.close();
        connection = new RangeClient(target.hostname, Number(target.port));
        connections.push(connection);
      }
      await sleep(startedAt + intervalMs - performance.now());
    }
  };
  try {
    await Promise.all(Array.from({ length: options.clients }, client));
  } finally {
    clearInterval(rssTimer);
    for (const connection of connections) connection.close();
  }
  return loadStats({ totals, firstBytes, seconds: options.seconds }, { errors, non2xx, peakRssMb });
}
