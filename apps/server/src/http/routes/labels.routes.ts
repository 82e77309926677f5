import { Envelope, IntIdParam, Label, LabelWithCount, UuidParam, WorksQuery } from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { LabelKind } from '../../repositories/label.repository.js';
import type { WorkFilter } from '../../repositories/work-query.js';
import { sendEncodedAnswer } from '../send-encoded-answer.js';
import { sendWorksPage } from './catalogue-page.js';
import { listFilter, listOptions, noStore } from './works.routes.js';

const KINDS: Array<{
  kind: LabelKind;
  id: typeof IntIdParam | typeof UuidParam;
  filter: (id: never) => WorkFilter;
}> = [
  { kind: 'circles', id: IntIdParam, filter: (id: number) => ({ circleId: id }) },
  { kind: 'tags', id: IntIdParam, filter: (id: number) => ({ tagId: id }) },
  { kind: 'vas', id: UuidParam, filter: (id: string) => ({ vaId: id }) },
];

/** `/api/circles`, `/api/tags`, `/api/vas`: the lists, one label, and its works (contract section 4). */
export async function registerLabelRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const { kind, id, filter } of KINDS) {
    const tags = ['labels'];
    const params = z.object({ id });

    api.get(
      `/${kind}`,
      { schema: { tags, response: { 200: z.array(LabelWithCount) } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, max-age=60');
        const answer = await ctx.catalogue.labelListAnswer(kind, (list) => reply.serialize(list) as string);
        return sendEncodedAnswer(request, reply, answer);
      },
    );

    api.get(
      `/${kind}/:id`,
      { schema: { tags, params, response: { 200: Label } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, max-age=60');
        return ctx.catalogue.label(kind, request.params.id);
      },
    );

    api.get(
      `/${kind}/:id/works`,
      { schema: { tags, params, querystring: WorksQuery, response: { 200: Envelope } } },
      async (request, reply) => {
        noStore(reply);
        const labelId = request.params.id;
        await ctx.catalogue.label(kind, labelId);
        const { query } = request;
        const page = await ctx.catalogue.page(
          { ...filter(labelId as never), ...listFilter(query) },
          listOptions(query),
          request.user?.id ?? null,
        );
        return sendWorksPage(request, reply, ctx, page, query);
      },
    );
  }
}
