import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isNotModified } from '../../media/conditional-request.js';
import { sendFile } from '../../media/send-file.js';
import { type EncodedWebFile, type WebFile, WebFiles } from '../web-files.js';
import { acceptsEncoding, varyOnAcceptEncoding } from './compression.plugin.js';

/** Vite's hashed bundles never change under their name; everything else must be revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Paths of files rather than of the app's screens (whose paths never end in such an extension). */
const STATIC_FILE = /\.(?:js|mjs|css|map|json|webmanifest|png|jpe?g|webp|svg|ico|woff2?|txt)$/i;

function cacheControlOf(urlPath: string): string {
  return urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE;
}

/** The file in the best encoding the client takes: the build's brotli, else gzip made here, else none. */
async function encodedFile(
  acceptEncoding: string | undefined,
  files: WebFiles,
  file: WebFile,
): Promise<{ coding: 'br' | 'gzip'; encoded: EncodedWebFile } | undefined> {
  if (acceptsEncoding(acceptEncoding, 'br')) {
    const encoded = await files.brotliOf(file);
    if (encoded) return { coding: 'br', encoded };
  }
  if (acceptsEncoding(acceptEncoding, 'gzip')) return { coding: 'gzip', encoded: await files.gzip(file) };
  return undefined;
}

async function sendWebFile(
  request: FastifyRequest,
  reply: FastifyReply,
  files: WebFiles,
  file: WebFile,
  cacheControl: string,
): Promise<FastifyReply> {
  const plain = { path: file.path, root: files.root, contentType: file.contentType, cacheControl };
  if (!file.compressible) return sendFile(request, reply, plain);
  varyOnAcceptEncoding(reply);
  const chosen = await encodedFile(request.headers['accept-encoding'], files, file);
  if (!chosen) return sendFile(request, reply, plain);
  const { coding, encoded } = chosen;
  reply.header('Cache-Control', cacheControl).header('ETag', encoded.etag);
  if (isNotModified(request.headers, encoded)) return reply.code(304).send();
  reply.type(file.contentType).header('Content-Encoding', coding).header('X-Content-Type-Options', 'nosniff');
  return reply.send(request.method === 'HEAD' ? undefined : encoded.bytes);
}

/**
 * Serves the built web app from `/`, compressed where that helps (the build's brotli, else gzip), with the single-page-app fallback: any
 * GET outside `/api` and `/assets` that is neither a file nor named like one answers `index.html`, so deep links such as
 * `/work/RJ123456` load the app. Without a build (`apps/web/dist`), `/` says how to get one, and the API
 * works all the same.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  if (!existsSync(join(webDir, 'index.html'))) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(
          'Sasayaki is running. The API is at /api (document: /api/docs). The web app is not built here.\n',
        ),
    );
    return;
  }
  const files = new WebFiles(webDir);
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const urlPath = decodeURIComponentSafe(request.url.split('?')[0] ?? '/');
      if (urlPath === '/api' || urlPath.startsWith('/api/')) {
        return reply.status(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}` });
      }
      const file = urlPath === '/' ? undefined : files.find(urlPath);
      if (file) return sendWebFile(request, reply, files, file, cacheControlOf(urlPath));
      // A missing bundle, worker or icon is a 404: the shell in its place would fail to parse as one.
      if (urlPath.startsWith('/assets/') || STATIC_FILE.test(urlPath)) {
        return reply.status(404).send({ error: 'No such file' });
      }
      const index = files.find('/index.html');
      if (!index) return reply.status(404).send({ error: 'The web app is not built' });
      // The shell must be revalidated so a new release is picked up; its hashed assets are immutable.
      return sendWebFile(request, reply, files, index, REVALIDATE);
    },
  });
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
