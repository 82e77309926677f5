import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { AppContext } from '../context.js';
import { NotFound } from '../errors.js';

/**
 * The asmr.one web app links every 8-digit work as `RJ` + the last six digits of its id: `RJ01087228` →
 * `/work/RJ087228` → `/api/work/087228`, and `RJ02337583` → `/work/RJ337583` → `/api/work/337583`. So
 * when a six-digit code names no work and exactly one 8-digit work ends in those digits, the request is
 * answered for that work (CatalogueService.shortCodeTarget); when two could match it stays a 404.
 *
 * Only after the route found nothing: a six-digit code that names a work (`944229`, or `055555` for
 * RJ055555) is that work, and costs nothing more than a regular expression here. Shorter numbers are
 * ids only (`87228` is RJ087228's id, never RJ01087228: docs/clients.md, the decision), except the
 * cover's placeholder below.
 */
const WORK_ID_PARAM: Readonly<Record<string, 'id' | 'workId'>> = {
  '/api/work/:id': 'id',
  '/api/workInfo/:id': 'id',
  '/api/tracks/:id': 'id',
  '/api/cover/:id': 'id',
};

/** `087228`, `RJ087228`, `337583`, `RJ337583`, each with the `.jpg` the cover URLs append or without. */
const SHORT_CODE = /^(?:rj)?(\d{6})(?:\.jpg)?$/i;
/**
 * The cover also takes the code without its leading zeros: while the variant's work page waits for the
 * work, it shows the cover of `parseInt` of the code in its address (`/work/RJ087228` →
 * `/api/cover/87228.jpg`, `/work/RJ009085` → `/api/cover/9085.jpg`). Only with its `.jpg`, as it builds it.
 */
const COVER_CODE = /^(?:rj)?(\d{6})(?:\.jpg)?$|^(\d{1,5})\.jpg$/i;

function paramOf(routeUrl: string): 'id' | 'workId' | undefined {
  return WORK_ID_PARAM[routeUrl] ?? (routeUrl.startsWith('/api/media/') ? 'workId' : undefined);
}

/**
 * Adds the fallback to those routes only (call before they are registered), so other routes pay nothing.
 * The code is read before validation turns it into a number (`087228` and `87228` become the same id).
 */
export function registerShortWorkCodes(app: FastifyInstance, ctx: AppContext): void {
  const codes = new WeakMap<FastifyRequest, number>();

  app.addHook('onRoute', (route) => {
    const name = paramOf(route.url);
    if (!name) return;
    const pattern = route.url === '/api/cover/:id' ? COVER_CODE : SHORT_CODE;
    const rememberCode = async (request: FastifyRequest) => {
      const match = pattern.exec((request.params as Record<string, string>)[name] ?? '');
      const digits = match?.[1] ?? match?.[2];
      if (digits) codes.set(request, Number(digits));
    };
    route.preValidation = [rememberCode, ...[route.preValidation ?? []].flat()];

    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function answerShortCode(request: FastifyRequest, reply: FastifyReply) {
      try {
        return await handler.call(this, request, reply);
      } catch (error) {
        const digits = codes.get(request);
        if (!(error instanceof NotFound) || digits === undefined || reply.sent) throw error;
        const { id, fresh } = await ctx.catalogue.shortCodeTarget(digits);
        if (id === null) throw error;
        if (fresh)
          request.log.debug({ code: digits, workId: id }, 'six-digit code answered as its 8-digit work');
        (request.params as Record<string, number>)[name] = id;
        return handler.call(this, request, reply);
      }
    };
  });
}
