import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';

/**
 * The asmr.one web app links every 8-digit work as `RJ` + the id's last six digits (`RJ01087228` →
 * `/work/RJ087228` → `/api/work/087228`). A six-digit code with a leading zero is never a `Work.id` a
 * client got from us (ids have no leading zero), so when it names no work and exactly one 8-digit work
 * ends in those digits, the request is answered for that work (CatalogueService.shortCodeTarget).
 *
 * Only the routes that take a work id as the apps send it; on them the check costs one regular
 * expression unless the id has that form, which Sasayaki's own clients never send.
 */
const WORK_ID_PARAM: Readonly<Record<string, 'id' | 'workId'>> = {
  '/api/work/:id': 'id',
  '/api/workInfo/:id': 'id',
  '/api/tracks/:id': 'id',
  '/api/cover/:id': 'id',
};

/** `087228`, `RJ087228`, either with the `.jpg` cover URLs append. */
const SHORT_CODE = /^(?:rj)?(0\d{5})(\.jpg)?$/i;

function paramOf(routeUrl: string): 'id' | 'workId' | undefined {
  return WORK_ID_PARAM[routeUrl] ?? (routeUrl.startsWith('/api/media/') ? 'workId' : undefined);
}

/** Adds the look-up to those routes only (call before they are registered), so other routes pay nothing. */
export function registerShortWorkCodes(app: FastifyInstance, ctx: AppContext): void {
  const resolveShortCode = async (request: FastifyRequest) => {
    const name = paramOf(request.routeOptions.url ?? '');
    const params = request.params as Record<string, string>;
    const match = name ? SHORT_CODE.exec(params[name] ?? '') : null;
    if (!name || !match?.[1]) return;
    const { id, fresh } = await ctx.catalogue.shortCodeTarget(Number(match[1]));
    if (id === null) return;
    if (fresh)
      request.log.debug({ code: params[name], workId: id }, 'six-digit code answered as its 8-digit work');
    params[name] = `${id}${match[2] ?? ''}`;
  };
  app.addHook('onRoute', (route) => {
    if (!paramOf(route.url)) return;
    route.preValidation = [resolveShortCode, ...[route.preValidation ?? []].flat()];
  });
}
