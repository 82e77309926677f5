import pino, { type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import type { LogFormat } from './config/config.js';

/** Percent-escapes, decoded byte by byte: a name's escapes are ASCII, and a malformed `%zz` stays as it is. */
const ESCAPE = /%([0-9a-f]{2})/gi;
/** Enough rounds for `%252574oken`; a name still encoded after that is not one anybody reads as `token`. */
const DECODE_ROUNDS = 4;

/**
 * A query parameter's name as a reader could understand it: `+` as a space, percent-escapes decoded
 * again and again (a proxy or a framework may decode once more than expected), in lower case.
 */
function decodedName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  for (let round = 0; round < DECODE_ROUNDS && name.includes('%'); round++) {
    const decoded = name.replace(ESCAPE, (_escape, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (decoded === name) break;
    name = decoded;
  }
  return name.toLowerCase();
}

/**
 * Removes tokens from a URL before it is logged: `?token=` rides on media and cover URLs. Every parameter
 * whose name decodes to `token` is redacted, so `%74oken=` or `TOKEN=` cannot carry one into the log.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const parameters = url.slice(start + 1).split('&');
  let redacted = false;
  for (const [index, parameter] of parameters.entries()) {
    const equals = parameter.indexOf('=');
    if (equals < 0) continue;
    const name = parameter.slice(0, equals);
    if (decodedName(name) !== 'token') continue;
    parameters[index] = `${name}=[redacted]`;
    redacted = true;
  }
  return redacted ? `${url.slice(0, start + 1)}${parameters.join('&')}` : url;
}

/** Headers that carry a token, wherever a log line holds them. */
const SECRET_HEADERS = ['authorization', 'cookie'];

/** `SASAYAKI_LOG_FORMAT` when set; else readable lines on a terminal and JSON everywhere else. */
export function chooseLogFormat(setting: LogFormat | null, stdoutIsTerminal: boolean): LogFormat {
  return setting ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

/**
 * Fields a person at a terminal does not need on every line: the process, the machine, the request id, and
 * the request log's fields, which its message already says (`GET /api/works 200 3.1 ms`).
 */
const PRETTY_IGNORES = 'pid,hostname,reqId,request';

/**
 * The process's logger. With `pretty` the JSON lines pass through pino-pretty in this thread (no worker,
 * so nothing is lost when the process exits at once), written synchronously, so that lines keep their order
 * with what is printed directly (the first administrator's password). Colours follow the terminal
 * (`NO_COLOR` turns them off) and are never written into a stream given here.
 */
export function createLogger(
  level: string,
  destination?: NodeJS.WritableStream,
  format: LogFormat = 'json',
): Logger {
  const options = {
    level,
    redact: {
      paths: [
        ...SECRET_HEADERS.flatMap((name) => [`req.headers.${name}`, `headers.${name}`]),
        'res.headers["set-cookie"]',
        'headers["set-cookie"]',
      ],
      remove: true,
    },
  };
  if (format === 'pretty') {
    const pretty = pinoPretty({
      destination: destination ?? 1,
      sync: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: PRETTY_IGNORES,
      ...(destination ? { colorize: false } : {}),
    });
    return pino(options, pretty);
  }
  return destination ? pino(options, destination) : pino(options);
}

/** Fastify's request serializer without the token-bearing parts. */
export const requestSerializers = {
  req(request: { method: string; url: string; ip?: string }) {
    return { method: request.method, url: redactUrl(request.url), ip: request.ip };
  },
};
