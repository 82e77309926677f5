import {
  EditableFieldParam,
  MAX_COVER_UPLOAD_BYTES,
  WorkIdParam,
  WorkMetadataEdit,
  WorkMetadataView,
} from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError, Invalid } from '../../errors.js';
import { noStore } from './works.routes.js';

/** Image types a cover upload may be sent as; sharp decides whether the bytes really are one. */
const COVER_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
];

/**
 * Hand edits of a work's metadata, administrators only (issue 12 item 5; docs/metadata.md "Hand edits").
 * Every answer is the dialog's whole view of the work, so the dialog never asks twice.
 */
export async function registerMetadataEditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['administration'];
  const params = z.object({ id: WorkIdParam });

  api.get(
    '/admin/works/:id/metadata',
    { schema: { tags, params, response: { 200: WorkMetadataView } } },
    async (request, reply) => {
      noStore(reply);
      return ctx.metadataEdits.view(request.params.id);
    },
  );

  api.put(
    '/admin/works/:id/metadata',
    { schema: { tags, params, body: WorkMetadataEdit, response: { 200: WorkMetadataView } } },
    async (request, reply) => {
      noStore(reply);
      return ctx.metadataEdits.edit(request.params.id, request.body, request.user?.name ?? null);
    },
  );

  api.delete(
    '/admin/works/:id/metadata/:field',
    {
      schema: {
        tags,
        params: z.object({ id: WorkIdParam, field: EditableFieldParam }),
        response: { 200: WorkMetadataView },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ctx.metadataEdits.revert(request.params.id, request.params.field);
    },
  );

  // The raw image body is parsed only here: the rest of the API keeps its small JSON limit.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(COVER_CONTENT_TYPES, { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scoped.withTypeProvider<ZodTypeProvider>().put(
      '/admin/works/:id/cover',
      {
        bodyLimit: MAX_COVER_UPLOAD_BYTES,
        schema: {
          tags,
          params,
          description: `The image itself as the body (${COVER_CONTENT_TYPES.join(', ')}; at most ${MAX_COVER_UPLOAD_BYTES} bytes). Revert with DELETE .../metadata/cover.`,
          response: { 200: WorkMetadataView },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        // Fastify parses JSON and plain text everywhere: those bodies reach here too, and are no image.
        if (!COVER_CONTENT_TYPES.includes(type))
          throw new AppError(415, `The body must be an image: ${COVER_CONTENT_TYPES.join(', ')}`);
        const image = request.body;
        if (!Buffer.isBuffer(image) || image.length === 0)
          throw new Invalid('Invalid (body): an image is required', [
            { param: '(body)', location: 'body', msg: 'an image is required' },
          ]);
        return ctx.metadataEdits.uploadCover(request.params.id, image, request.user?.name ?? null);
      },
    );
  });
}
