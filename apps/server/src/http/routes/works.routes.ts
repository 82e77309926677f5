import { Envelope, TrackNode, Work, WorkIdParam, WorksBody, WorksQuery } from '@sasayaki/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { WorkFilter } from '../../repositories/work-query.js';
import { parseSearch } from '../../services/search-syntax.js';
import { sendWorksPage } from './catalogue-page.js';

/** `?v=1|2`: asmr.one's apps ask these versions of a work and its tree; both get the one shape. */
const ApiVersion = z.object({ v: z.enum(['1', '2']).optional() });

/** Lists that depend on the user are never stored by caches; public metadata may be, briefly. */
export function noStore(reply: FastifyReply): void {
  reply.header('Cache-Control', 'private, no-store');
}

export function listOptions(query: WorksQuery) {
  return {
    page: query.page,
    pageSize: query.pageSize,
    order: query.order,
    sort: query.sort,
    seed: query.seed,
  };
}

/** What a list's query string restricts, besides its source (all works, a search, a label). */
export function listFilter(query: WorksQuery): WorkFilter {
  const fold = query.includeTranslationWorks === 'false' || query.includeTranslationWorks === '0';
  // Set only when on, so the usual lists keep their cache keys (catalogue.service.ts keys by the filter).
  return {
    subtitle: query.subtitle === '1',
    ...(query.translated === '1' && { translated: true }),
    ...(fold && { foldTranslations: true }),
  };
}

export async function registerWorksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['works'];

  api.get(
    '/works',
    { schema: { tags, querystring: WorksQuery, response: { 200: Envelope } } },
    async (request, reply) => {
      noStore(reply);
      const { query } = request;
      const page = await ctx.catalogue.page(listFilter(query), listOptions(query), request.user?.id ?? null);
      return sendWorksPage(request, reply, ctx, page, query);
    },
  );

  const search = async (keyword: string, query: WorksQuery, request: FastifyRequest, reply: FastifyReply) => {
    const page = await ctx.catalogue.page(
      { ...listFilter(query), search: parseSearch(keyword) },
      listOptions(query),
      request.user?.id ?? null,
    );
    return sendWorksPage(request, reply, ctx, page, query);
  };

  // The keyword is one URL-encoded path segment, but clients also send it with raw slashes: take the rest.
  api.get(
    '/search/*',
    {
      schema: {
        tags,
        params: z.object({ '*': z.string().max(1000) }),
        querystring: WorksQuery,
        response: { 200: Envelope },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return search(request.params['*'], request.query, request, reply);
    },
  );
  api.get(
    '/search',
    {
      schema: {
        tags,
        querystring: WorksQuery.extend({ keyword: z.string().max(1000).optional() }),
        response: { 200: Envelope },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return search(request.query.keyword ?? '', request.query, request, reply);
    },
  );

  // The POST forms some apps send (reference section 3): the same list, its parameters in a JSON body.
  api.post(
    '/works',
    { schema: { tags, body: WorksBody, response: { 200: Envelope } } },
    async (request, reply) => {
      noStore(reply);
      const query = request.body;
      const page = await ctx.catalogue.page(listFilter(query), listOptions(query), request.user?.id ?? null);
      return sendWorksPage(request, reply, ctx, page, query);
    },
  );
  api.post(
    '/search',
    { schema: { tags, body: WorksBody, response: { 200: Envelope } } },
    async (request, reply) => {
      noStore(reply);
      return search(request.body.keyword ?? '', request.body, request, reply);
    },
  );

  api.get(
    '/workInfo/:id',
    { schema: { tags, params: z.object({ id: WorkIdParam }), response: { 200: Work } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, max-age=60');
      return ctx.catalogue.get(request.params.id, null);
    },
  );

  api.get(
    '/work/:id',
    {
      schema: {
        tags,
        params: z.object({ id: WorkIdParam }),
        querystring: ApiVersion,
        response: { 200: Work },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { user } = request;
      const work = await ctx.catalogue.get(request.params.id, user?.id ?? null);
      // The member's own votes on the work's tags: on this route only, so lists pay nothing for them
      // (the guest cannot vote).
      if (!user || user.group === 'guest') return work;
      const { voted } = await ctx.catalogue.marksOf(user.id);
      return ctx.tagVotes.withMyVotes(work, user.id, voted);
    },
  );

  api.get(
    '/tracks/:id',
    {
      schema: {
        tags,
        params: z.object({ id: WorkIdParam }),
        querystring: ApiVersion,
        response: { 200: z.array(TrackNode) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, max-age=60');
      return ctx.catalogue.tracks(request.params.id);
    },
  );
}
