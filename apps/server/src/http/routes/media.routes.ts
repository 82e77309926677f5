import { CheckLrcBody, parseWorkId, ZipQuery } from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { Invalid, NotFound } from '../../errors.js';
import { attachmentDisposition } from '../../media/content-disposition.js';
import { chooseFormat } from '../../media/low-bitrate.js';
import { PREFETCH_WAITING, PrefetchQueue } from '../../media/prefetch-queue.js';
import { sendFile } from '../../media/send-file.js';
import { sendLowBitrate } from '../../media/send-low-bitrate.js';
import { TRANSCODE_FORMATS, type TranscodeFormat } from '../../media/transcode-args.js';
import { createWorkArchive } from '../../media/work-archive.js';

const WorkId = z.string().transform((value, ctx) => {
  const id = parseWorkId(value);
  if (id === null) {
    ctx.issues.push({ code: 'custom', message: 'must be a work id such as RJ123456', input: value });
    return z.NEVER;
  }
  return id;
});
const FileId = z
  .string()
  .regex(/^\d{1,9}$/, { message: 'must be a non-negative integer' })
  .transform(Number);

const FileParams = z.object({ workId: WorkId, fileId: FileId });
/** A stream's file: its id, or `<id>.lrc` for a VTT or SRT subtitle in LRC form (the hash check-lrc offers). */
const StreamParams = z.object({
  workId: WorkId,
  fileId: z
    .string()
    .regex(/^\d{1,9}(\.lrc)?$/, { message: 'must be a non-negative integer' })
    .transform((value) => ({ id: Number.parseInt(value, 10), lrc: value.endsWith('.lrc') })),
});
const WorkParams = z.object({ workId: WorkId });
/** Media URLs carry `?token=` because audio elements cannot send headers; other parameters are ignored. */
const MediaQuery = z.object({ token: z.string().optional() });
/** `?format=` overrides the choice by `Accept` (media/low-bitrate.ts). */
const LowBitrateQuery = MediaQuery.extend({ format: z.enum(TRANSCODE_FORMATS).optional() });
const STREAM_CACHE = 'private, no-cache';

/** Folder names from the work's root, as `?path=` carries them: a JSON array of plain names. */
const FolderPath = z.array(
  z
    .string()
    .min(1)
    .refine((name) => name !== '.' && name !== '..' && !/[/\0]/.test(name), { message: 'not a folder name' }),
);

function parseFolderPath(raw: string | undefined): string[] {
  if (raw === undefined || raw === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const parsed = FolderPath.safeParse(value);
  if (!parsed.success) {
    const msg = 'must be a JSON array of folder names';
    throw new Invalid(`Invalid path: ${msg}`, [{ param: 'path', location: 'query', msg, value: raw }]);
  }
  return parsed.data;
}

export async function registerMediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const fileSchema = { tags: ['media'], params: FileParams, querystring: MediaQuery };
  // HEAD is declared beside GET rather than left to Fastify's automatic HEAD routes, which would replace
  // the Content-Length that sendFile sets with 0.
  const GET_HEAD: ['GET', 'HEAD'] = ['GET', 'HEAD'];

  api.route({
    method: GET_HEAD,
    url: '/media/stream/:workId/:fileId',
    schema: { tags: ['media'], params: StreamParams, querystring: MediaQuery },
    handler: async (request, reply) => {
      const { workId, fileId } = request.params;
      if (fileId.lrc) {
        const lrc = await ctx.media.subtitleAsLrc(workId, fileId.id);
        reply
          .type('text/plain; charset=utf-8')
          .header('Cache-Control', STREAM_CACHE)
          .header('ETag', lrc.etag);
        if (request.headers['if-none-match'] === lrc.etag) return reply.code(304).send();
        return reply.send(request.method === 'HEAD' ? '' : lrc.text);
      }
      const file = await ctx.media.file(workId, fileId.id);
      return sendFile(request, reply, {
        path: file.path,
        root: file.root,
        contentType: file.contentType,
        cacheControl: STREAM_CACHE,
      });
    },
  });

  api.route({
    method: GET_HEAD,
    url: '/media/download/:workId/:fileId',
    schema: fileSchema,
    handler: async (request, reply) => {
      const file = await ctx.media.file(request.params.workId, request.params.fileId);
      return sendFile(request, reply, {
        path: file.path,
        root: file.root,
        contentType: file.contentType,
        downloadName: file.name,
        cacheControl: STREAM_CACHE,
      });
    },
  });

  api.route({
    method: GET_HEAD,
    url: '/media/stream-lq/:workId/:fileId',
    schema: { tags: ['media'], params: FileParams, querystring: LowBitrateQuery },
    handler: async (request, reply) => {
      if (!ctx.transcoder.available) {
        throw new NotFound('Low-bitrate streams are off on this server: ffmpeg is not installed');
      }
      const source = await ctx.media.lowBitrateSource(request.params.workId, request.params.fileId);
      const { format, byAccept } = chooseFormat(request.query.format, request.headers.accept);
      if (byAccept) reply.header('Vary', 'Accept');
      return sendLowBitrate(request, reply, ctx.transcoder, source, format);
    },
  });
  // A prefetch hint, open to anyone (a CORS preflight is an OPTIONS without a token): always 204 at once,
  // whatever the ids (nothing leaks). For stream-lq and a valid token (`?token=` or the Authorization
  // header) it queues the transcode (media/prefetch-queue.ts); anything else starts no work.
  const hints = new PrefetchQueue({
    concurrency: ctx.config.transcode.maxConcurrent,
    capacity: PREFETCH_WAITING,
    onError: (error) => app.log.debug({ err: error }, 'prefetch hint ignored'),
  });
  app.addHook('onClose', async () => hints.clear());
  api.options('/media/stream/:workId/:fileId', { schema: { tags: ['media'] } }, async (_request, reply) =>
    reply.code(204).send(),
  );
  api.options(
    '/media/stream-lq/:workId/:fileId',
    { schema: { tags: ['media'] }, config: { identifiesUser: true } },
    async (request, reply) => {
      if (request.user) prefetchLowBitrate(ctx, hints, request.params, request.query, request.headers.accept);
      return reply.code(204).send();
    },
  );

  api.get(
    '/media/check-lrc/:workId/:fileId',
    {
      schema: {
        tags: ['media'],
        params: FileParams,
        querystring: MediaQuery,
        response: { 200: CheckLrcBody },
      },
    },
    async (request) => ctx.media.subtitleOf(request.params.workId, request.params.fileId),
  );

  api.route({
    method: GET_HEAD,
    url: '/media/download-work/:workId',
    schema: { tags: ['media'], params: WorkParams, querystring: ZipQuery },
    handler: async (request, reply) => {
      const plan = await ctx.media.archive(request.params.workId, parseFolderPath(request.query.path));
      const archive = await createWorkArchive(plan.entries);
      // Every file gone since the scan (deleted, or the library folder unmounted): an empty ZIP would look
      // like a download that worked. A work or folder without files still gets its empty ZIP.
      if (plan.entries.length > 0 && archive.skipped.length === plan.entries.length) {
        archive.abort();
        throw new NotFound(
          'None of these files can be read now: moved, deleted or their library folder is unavailable',
        );
      }
      if (archive.skipped.length > 0) {
        request.log.warn(
          { workId: request.params.workId, skipped: archive.skipped.length },
          'files vanished since the scan',
        );
      }
      reply
        .type('application/zip')
        .header('Content-Disposition', attachmentDisposition(plan.fileName))
        .header('Content-Length', String(archive.size))
        .header('Cache-Control', 'private, no-store');
      if (request.method === 'HEAD') {
        archive.abort();
        return reply.send();
      }
      return reply.send(archive.stream);
    },
  });
}

/** Queues preparing a low-bitrate file for an OPTIONS hint; never throws, never waits. */
function prefetchLowBitrate(
  ctx: AppContext,
  hints: PrefetchQueue,
  params: unknown,
  query: unknown,
  accept: string | undefined,
): void {
  if (!ctx.transcoder.available) return;
  const { workId, fileId } = (params ?? {}) as { workId?: string; fileId?: string };
  const work = typeof workId === 'string' ? parseWorkId(workId) : null;
  if (work === null || typeof fileId !== 'string' || !/^\d{1,9}$/.test(fileId)) return;
  const requested = (query as { format?: unknown } | undefined)?.format;
  const known = TRANSCODE_FORMATS.find((format) => format === requested) as TranscodeFormat | undefined;
  const { format } = chooseFormat(known, accept);
  // The hint's slot is held until its file is made, so that waiting hints stay in the bounded queue rather
  // than in the transcoder's.
  hints.push(async () => {
    const source = await ctx.media.lowBitrateSource(work, Number(fileId));
    const prepared = await ctx.transcoder.prepare(source, format);
    if (prepared.kind === 'job') await prepared.job.done;
  });
}
