import type { ScanState } from '@sasayaki/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How often the stream reads the scans row: it is read from the database so scans of other processes show. */
export const EVENT_POLL_MS = 500;
const KEEP_ALIVE_MS = 15_000;

/**
 * `GET /api/scan/events`: Server-Sent Events following the current scan. `progress` at once and whenever
 * counts, the current folder or the metadata fetch's progress change, `log` for each new problem, `finished` when a scan ends, `error`
 * when the state cannot be read. The stream stays open for later scans until the client goes away.
 */
export function eventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  readState: () => Promise<ScanState>,
  open: Set<() => void>,
): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'private, no-store',
    Connection: 'keep-alive',
    'Referrer-Policy': 'no-referrer',
    'X-Accel-Buffering': 'no',
  });
  const send = (event: string, data: unknown) => {
    raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  let closed = false;
  let last: ScanState | null = null;
  let timer: NodeJS.Timeout | undefined;
  const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);

  const poll = async () => {
    try {
      const state = await readState();
      if (closed) return;
      const sameScan = last !== null && last.id === state.id;
      if (!sameScan || progressChanged(last as ScanState, state)) send('progress', state);
      const seenErrors = sameScan ? (last as ScanState).errors.length : 0;
      for (const issue of state.errors.slice(seenErrors)) send('log', issue);
      if (!state.running && state.id !== null && (!sameScan || (last as ScanState).running)) {
        if (last !== null) send('finished', state);
      }
      last = state;
    } catch (error) {
      if (!closed) send('error', { error: (error as Error).message });
    }
    if (!closed) timer = setTimeout(poll, EVENT_POLL_MS);
  };

  const stop = () => {
    closed = true;
    clearTimeout(timer);
    clearInterval(keepAlive);
    open.delete(end);
  };
  // The server ends open streams when it closes, or shutting down would wait for every client to leave.
  const end = () => {
    stop();
    raw.end();
  };
  open.add(end);
  request.raw.on('close', stop);
  void poll();
}

function progressChanged(before: ScanState, after: ScanState): boolean {
  return (
    before.running !== after.running ||
    before.current !== after.current ||
    JSON.stringify(before.counts) !== JSON.stringify(after.counts) ||
    JSON.stringify(before.metadata) !== JSON.stringify(after.metadata)
  );
}
