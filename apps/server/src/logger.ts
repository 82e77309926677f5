import pino, { type Logger } from 'pino';

/** Removes tokens from a URL before it is logged: `?token=` rides on media and cover URLs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      remove: true,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Fastify's request serializer without the token-bearing parts. */
export const requestSerializers = {
  req(request: { method: string; url: string; ip?: string }) {
    return { method: request.method, url: redactUrl(request.url), ip: request.ip };
  },
};
