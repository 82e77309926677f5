import { createHash } from 'node:crypto';
import {
  AppPasswordChange,
  AppSession,
  AuthMe,
  Credentials,
  MessageBody,
  PasswordChange,
  RegFlag,
  Registration,
  Session,
} from '@sasayaki/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { Unauthorized } from '../../errors.js';
import type { IssuedSession } from '../../services/account.service.js';
import { TOKEN_COOKIE } from '../plugins/auth.plugin.js';
import { noStore } from './works.routes.js';

function setTokenCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAge: number): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'Set-Cookie',
    `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/api; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
  );
}

/** A UUID-shaped id of an account that stays the same across its sessions and names. */
function recommenderUuid(userId: number): string {
  const hex = createHash('sha256').update(`sasayaki-user:${userId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Login, registration, logout and password changes (contract section 3). */
export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const lifetime = ctx.config.auth.tokenLifetimeSeconds;

  /**
   * The session as asmr.one's apps read it: the user with `loggedIn`, `email` and `recommenderUuid`. The
   * session was just issued to that user: its token is not verified and looked up again (a login's work
   * on the main thread, beside the argon2 check in its worker).
   */
  const appSession = (session: IssuedSession): AppSession => ({
    token: session.token,
    user: {
      ...session.user,
      loggedIn: true,
      email: null,
      recommenderUuid: recommenderUuid(session.userId),
    },
  });

  api.get('/auth/me', { schema: { tags, response: { 200: AuthMe } } }, async (request, reply) => {
    noStore(reply);
    const { registration } = await ctx.runtimeSettings.get();
    const user = request.user ? { name: request.user.name, group: request.user.group } : null;
    if (!ctx.config.auth.enabled) return { user, auth: false, reg: false };
    if (!user) throw new Unauthorized();
    return { user, auth: true, reg: registration };
  });

  api.post(
    '/auth/me',
    { schema: { tags, body: Credentials, response: { 200: AppSession } } },
    async (request, reply) => {
      noStore(reply);
      const session = await ctx.accounts.login(request.body.name, request.body.password, request.ip);
      setTokenCookie(request, reply, session.token, lifetime);
      return appSession(session);
    },
  );

  api.delete('/auth/me', { schema: { tags } }, async (request, reply) => {
    setTokenCookie(request, reply, '', 0);
    return reply.code(204).send();
  });

  api.get('/auth/reg', { schema: { tags, response: { 200: RegFlag } } }, async (_request, reply) => {
    noStore(reply);
    return { reg: ctx.config.auth.enabled && (await ctx.runtimeSettings.get()).registration };
  });

  api.post(
    '/auth/reg',
    { schema: { tags, body: Registration, response: { 201: AppSession } } },
    async (request, reply) => {
      noStore(reply);
      const session = await ctx.accounts.register(request.body.name, request.body.password, request.ip);
      setTokenCookie(request, reply, session.token, lifetime);
      return reply.code(201).send(appSession(session));
    },
  );

  const changePassword = async (
    request: FastifyRequest,
    reply: FastifyReply,
    passwords: { oldPassword: string; newPassword: string },
  ) => {
    noStore(reply);
    if (!request.user) throw new Unauthorized();
    const session = await ctx.accounts.changePassword(
      request.user,
      passwords.oldPassword,
      passwords.newPassword,
      request.ip,
    );
    setTokenCookie(request, reply, session.token, lifetime);
    return { message: 'Password changed: other sessions are signed out', token: session.token };
  };
  const changed = { 200: MessageBody.extend({ token: Session.shape.token }) };
  api.put('/auth/password', { schema: { tags, body: PasswordChange, response: changed } }, (request, reply) =>
    changePassword(request, reply, request.body),
  );
  // The asmr.one apps' form of the same change, with its limits on wrong old passwords.
  api.post(
    '/auth/change-password',
    { schema: { tags, body: AppPasswordChange, response: changed } },
    (request, reply) => changePassword(request, reply, request.body),
  );
}
