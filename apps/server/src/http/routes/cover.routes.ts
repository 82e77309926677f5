import { CoverQuery, parseWorkId } from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { coverFormatFor } from '../../media/cover-format.js';
import { sendFile } from '../../media/send-file.js';

/** `123456`, `RJ123456`, `RJ01234567`, each with or without the `.jpg` old clients append. */
const CoverId = z.string().transform((value, ctx) => {
  const id = parseWorkId(value.replace(/\.jpg$/i, ''));
  if (id === null) {
    ctx.issues.push({ code: 'custom', message: 'must be a work id such as RJ123456', input: value });
    return z.NEVER;
  }
  return id;
});

export async function registerCoverRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // HEAD beside GET: Fastify's automatic HEAD routes would replace sendFile's Content-Length with 0.
  api.route({
    method: ['GET', 'HEAD'],
    url: '/cover/:id',
    schema: { tags: ['media'], params: z.object({ id: CoverId }), querystring: CoverQuery },
    handler: async (request, reply) => {
      const format = coverFormatFor(request.headers.accept);
      const path = await ctx.media.cover(request.params.id, request.query.type ?? 'main', format);
      reply.header('Vary', 'Accept');
      return sendFile(request, reply, {
        path,
        root: ctx.covers.dir,
        contentType: format === 'webp' ? 'image/webp' : 'image/jpeg',
        cacheControl: 'private, max-age=86400',
      });
    },
  });
}
