import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

export interface RequestUser {
  id: number;
  name: string;
  group: 'administrator' | 'user' | 'guest';
}

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser;
  }
}

/**
 * Who is asking. Until accounts land (issue 3) the server runs with accounts off, where everyone is the
 * built-in administrator, as the contract describes for `auth: false`.
 */
export async function registerCurrentUser(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const localAdmin = await ctx.users.ensureLocalAdministrator();
  app.decorateRequest('user', null as unknown as RequestUser);
  app.addHook('onRequest', async (request) => {
    request.user = localAdmin;
  });
}
