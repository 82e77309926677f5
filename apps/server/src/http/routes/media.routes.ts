import { CheckLrcBody, parseWorkId, ZipQuery } from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { Invalid, NotFound } from '../../errors.js';
import { attachmentDisposition } from '../../media/content-disposition.js';
import { sendFile } from '../../media/send-file.js';
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
const WorkParams = z.object({ workId: WorkId });
/** Media URLs carry `?token=` because audio elements cannot send headers; other parameters are ignored. */
const MediaQuery = z.object({ token: z.string().optional() });
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
    schema: fileSchema,
    handler: async (request, reply) => {
      const file = await ctx.media.file(request.params.workId, request.params.fileId);
      return sendFile(request, reply, {
        path: file.path,
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
        contentType: file.contentType,
        downloadName: file.name,
        cacheControl: STREAM_CACHE,
      });
    },
  });

  // Low-bitrate transcoding comes with its own issue; until then no file has one.
  api.route({
    method: GET_HEAD,
    url: '/media/stream-lq/:workId/:fileId',
    schema: fileSchema,
    handler: async () => {
      throw new NotFound('Low-bitrate stream not available');
    },
  });
  // A prefetch hint, without auth: nothing to prepare yet, so it only acknowledges.
  for (const url of ['/media/stream/:workId/:fileId', '/media/stream-lq/:workId/:fileId']) {
    api.options(url, { schema: { tags: ['media'] } }, async (_request, reply) => reply.code(204).send());
  }

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
