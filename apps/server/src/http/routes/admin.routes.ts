import {
  AdminSettingsChange,
  AdminSettingsSaved,
  AdminSettingsView,
  AdminUserList,
  GeneratedPassword,
  MessageBody,
  UserCreate,
  UserDeleteWithReviews,
  UserNameBody,
  UserUpdate,
} from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { noStore } from './works.routes.js';

/**
 * User management and the settings an administrator changes without a restart (contract section 10; the
 * Settings page: services/admin-settings/).
 */
export async function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['administration'];

  api.get(
    '/config/admin',
    { schema: { tags, response: { 200: AdminSettingsView } } },
    async (_request, reply) => {
      noStore(reply);
      return ctx.adminSettings.view();
    },
  );

  api.put(
    '/config/admin',
    { schema: { tags, body: AdminSettingsChange, response: { 200: AdminSettingsSaved } } },
    async (request, reply) => {
      noStore(reply);
      return ctx.adminSettings.update(request.body);
    },
  );

  api.get(
    '/credentials/users',
    { schema: { tags, response: { 200: AdminUserList } } },
    async (_request, reply) => {
      noStore(reply);
      return { users: await ctx.userAdmin.list() };
    },
  );

  api.post(
    '/credentials/user',
    { schema: { tags, body: UserCreate, response: { 201: MessageBody } } },
    async (request, reply) => {
      await ctx.userAdmin.create(request.body.name, request.body.password, request.body.group);
      return reply.code(201).send({ message: `User ${request.body.name} created` });
    },
  );

  api.put(
    '/credentials/user',
    { schema: { tags, body: UserUpdate, response: { 200: MessageBody } } },
    async (request) => {
      const { name, ...changes } = request.body;
      await ctx.userAdmin.update(name, changes);
      return { message: `User ${name} updated` };
    },
  );

  api.delete(
    '/credentials/user',
    { schema: { tags, body: UserDeleteWithReviews, response: { 200: MessageBody } } },
    async (request) => {
      const { users, reviews } = request.body;
      await ctx.userAdmin.delete(
        users.map((user) => user.name),
        reviews,
      );
      return { message: `Deleted ${request.body.users.length} user(s)` };
    },
  );

  api.post(
    '/credentials/user/password-reset',
    { schema: { tags, body: UserNameBody, response: { 200: GeneratedPassword } } },
    async (request, reply) => {
      noStore(reply);
      const { name } = request.body;
      return { name, password: await ctx.userAdmin.resetPassword(name) };
    },
  );

  api.post(
    '/credentials/user/sign-out',
    { schema: { tags, body: UserNameBody, response: { 200: MessageBody } } },
    async (request) => {
      await ctx.userAdmin.signOutEverywhere(request.body.name);
      return { message: `${request.body.name} is signed out of every device` };
    },
  );
}
