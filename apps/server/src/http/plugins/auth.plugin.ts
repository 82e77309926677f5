import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MemoryRateLimiter } from '../../auth/rate-limiter.js';
import type { AppContext } from '../../context.js';
import { AppError, Forbidden, Unauthorized } from '../../errors.js';
import type { SessionUser } from '../../services/account.service.js';
import { type Access, accessKey, ROUTE_ACCESS } from '../permissions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking; null when nobody signed in (only public routes get that far). */
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /**
     * A public route that still wants to know who asks when a token comes (prefetch hints: answered to
     * anyone, work started only for a signed-in user). A missing or invalid token leaves `user` null.
     */
    identifiesUser?: boolean;
  }
}

export const TOKEN_COOKIE = 'sasayaki_token';
const MINUTE = 60_000;

/** Media and covers are the routes `<audio>` and `<img>` load: only they take `?token=` and the cookie. */
function isMediaOrCover(url: string): boolean {
  return url.startsWith('/api/media/') || url.startsWith('/api/cover/');
}

/**
 * Covers (and their thumbnails) have a budget of their own: a list page is one request and a dozen covers,
 * so counting them with the rest spent the guest's minute in four or five pages.
 */
function isCover(url: string): boolean {
  return url.startsWith('/api/cover/');
}

/**
 * The asmr.one web app sends an OPTIONS prefetch hint of every track of each work page it opens: counted
 * with the guest's other requests, two work pages of thirty tracks spent its minute and the third page
 * met a 429. Its hints get a budget of their own, as large as its request budget, which is what it
 * protects: at most that many transcodes a minute started by a password everyone knows.
 */
function isPrefetchHint(method: string, url: string): boolean {
  return method === 'OPTIONS' && url.startsWith('/api/media/stream');
}

function isStream(url: string): boolean {
  return url.startsWith('/api/media/stream') || url.startsWith('/api/media/download');
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return percentDecoded(rest.join('='));
  }
  return null;
}

/** A cookie value that is not valid percent-encoding carries no token (401), rather than failing (500). */
function percentDecoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Where a request's token may come from (contract section 1). */
function tokenOf(request: FastifyRequest, routeUrl: string): string | null {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || null;
  if (!isMediaOrCover(routeUrl)) return null;
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.token === 'string' && query.token !== '') return query.token;
  // The cookie only for reads: no state-changing request can ride on it.
  if (request.method === 'GET' || request.method === 'HEAD')
    return cookieValue(request.headers.cookie, TOKEN_COOKIE);
  return null;
}

class RateLimited extends AppError {
  constructor(message: string, retryAfter: number) {
    super(429, message, { 'Retry-After': String(retryAfter) });
  }
}

function enforce(access: Access, user: SessionUser | null): void {
  if (access === 'public') return;
  if (!user) throw new Unauthorized();
  if (access === 'member' && user.group === 'guest') {
    throw new Forbidden(
      'The guest account can look and listen but not save anything: register an account to do this',
    );
  }
  if (access === 'admin' && user.group !== 'administrator')
    throw new Forbidden('Only administrators can do this');
}

/**
 * Who is asking, and whether they may: tokens from the places the contract allows, the permission table,
 * and the guest's limits. With accounts off everyone is the first administrator.
 */
export async function registerAuth(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    for (const method of [route.method].flat()) {
      if (!(accessKey(method, route.url) in ROUTE_ACCESS)) {
        throw new Error(`Route ${method} ${route.url} has no entry in http/permissions.ts`);
      }
    }
  });
  app.decorateRequest('user', null);

  const { limits } = ctx.config;
  const localAdmin = ctx.config.auth.enabled ? null : await ctx.accounts.firstAdministrator();
  const guestStreams = new Map<string, number>();
  /**
   * Counted in this process's memory, also on PostgreSQL: a cover is a cached file and a hint an empty
   * answer, and a database write for each would cost more than serving it. With several processes a guest
   * may get each one's budget, which is what it protects: a process's own work. Other guest requests are
   * counted in the shared limiter.
   */
  const coverCounts = new MemoryRateLimiter();
  const hintCounts = new MemoryRateLimiter();

  const limitGuestStreams = (request: FastifyRequest, reply: FastifyReply) => {
    const open = guestStreams.get(request.ip) ?? 0;
    if (open >= limits.guestConcurrentStreams) {
      throw new RateLimited(
        'The guest account may play only a few streams at once: register an account for more',
        5,
      );
    }
    guestStreams.set(request.ip, open + 1);
    reply.raw.once('close', () => {
      const left = (guestStreams.get(request.ip) ?? 1) - 1;
      if (left <= 0) guestStreams.delete(request.ip);
      else guestStreams.set(request.ip, left);
    });
  };

  const identify = async (request: FastifyRequest, routeUrl: string) => {
    const token = tokenOf(request, routeUrl);
    return token ? await ctx.accounts.userForToken(token) : null;
  };

  /** Counts a guest request against its budget per address (covers and prefetch hints have their own). */
  const guestBudget = (request: FastifyRequest, routeUrl: string) => {
    if (isCover(routeUrl))
      return coverCounts.hit(`guest-covers:${request.ip}`, limits.guestCoversPerMinute, MINUTE);
    if (isPrefetchHint(request.method, routeUrl))
      return hintCounts.hit(`guest-hints:${request.ip}`, limits.guestRequestsPerMinute, MINUTE);
    return ctx.rateLimiter.hit(`guest:${request.ip}`, limits.guestRequestsPerMinute, MINUTE);
  };

  app.addHook('onRequest', async (request, reply) => {
    const routeUrl = request.routeOptions.url ?? '';
    if (!routeUrl.startsWith('/api')) return;
    const access = ROUTE_ACCESS[accessKey(request.method, routeUrl)] ?? 'admin';
    if (localAdmin) {
      request.user = localAdmin;
      return;
    }
    // Public routes (health, login) need nobody: a token they carry is not checked, unless the route asks
    // who is asking (prefetch hints), and then only to know. Anyone can sign in as the guest, so its
    // requests there count against its budget too, past which it is nobody (never refused).
    if (access === 'public') {
      if (!request.routeOptions.config.identifiesUser) return;
      const user = await identify(request, routeUrl);
      const overBudget = user?.group === 'guest' && !(await guestBudget(request, routeUrl)).allowed;
      request.user = overBudget ? null : user;
      return;
    }
    request.user = await identify(request, routeUrl);
    enforce(access, request.user);
    if (request.user?.group !== 'guest') return;
    const state = await guestBudget(request, routeUrl);
    if (!state.allowed) {
      throw new RateLimited(
        'The guest account is rate limited: wait a moment, or register an account',
        state.retryAfter,
      );
    }
    if (isStream(routeUrl) && request.method === 'GET') limitGuestStreams(request, reply);
  });
}
