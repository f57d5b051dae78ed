import {
  activateUserBody,
  adminActionReply,
  adminFirmParams,
  adminFirmReply,
  adminPersonParams,
  adminPersonReply,
  adminUserParams,
  adminUsersConstants,
  adminUsersParams,
  adminUsersQuery,
  errorReply as errorReplySchema,
  firmsQuery,
  firmsReply,
  importUserBody,
  newPasswordBody,
  removeUserParams,
  spyderUsersReply,
  verifyEmailBody,
  websiteUsersReply,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AdminOutcome } from '../modules/admin-users/admin-users.service.ts';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const pageSize = adminUsersConstants.pageSize;
const responses = { ...errorResponses, 409: errorReplySchema } as const;

/** A refusal as its status and message; success as the given shape. */
const answer = <T, R>(reply: FastifyReply, outcome: AdminOutcome<T>, ok: (data: T) => R) =>
  outcome.ok
    ? ok(outcome.data)
    : reply.code(outcome.status).send(errorReply(outcome.message, outcome.errors));

// The route table admits admins only; the actor is always the session's user, never a field of the request.
const actorOf = (request: FastifyRequest) => ({ id: request.session!.user.id });

/**
 * Users management (issue 13; spec 2 section 7 "Users", and ours: a person's and a firm's admin views). Every
 * decision is the admin-users service's.
 */
export const adminUsersRoutes = (app: App) => {
  const { adminUsers } = app.services;

  app.route({
    ...tableRoute('GET /admin/users/:usersType'),
    schema: {
      params: adminUsersParams,
      querystring: adminUsersQuery,
      response: { 200: z.union([websiteUsersReply, spyderUsersReply]), ...responses },
    },
    handler: async (request, reply) =>
      answer(reply, await adminUsers.list(request.params.usersType, request.query), (list) => {
        const page = { success: true as const, total: list.total, page: list.page, pageSize };
        return list.kind === 'website' ? { ...page, data: list.rows } : { ...page, data: list.rows };
      }),
  });

  app.route({
    ...tableRoute('POST /admin/users/:usersType/:id/activateUser'),
    schema: {
      params: adminUserParams,
      body: activateUserBody,
      response: { 200: adminActionReply, ...responses },
    },
    handler: async (request, reply) => {
      const { usersType, id } = request.params;
      return answer(
        reply,
        await adminUsers.setActivation(actorOf(request), usersType, id, request.body),
        done,
      );
    },
  });

  app.route({
    ...tableRoute('POST /admin/users/:usersType/:id/verifyEmail'),
    schema: {
      params: adminUserParams,
      body: verifyEmailBody,
      response: { 200: adminActionReply, ...responses },
    },
    handler: async (request, reply) => {
      const { usersType, id } = request.params;
      return answer(
        reply,
        await adminUsers.resendVerification(actorOf(request), usersType, id, request.body),
        done,
      );
    },
  });

  app.route({
    ...tableRoute('POST /admin/users/:usersType/:id/newPassword'),
    schema: {
      params: adminUserParams,
      body: newPasswordBody,
      response: { 200: adminActionReply, ...responses },
    },
    handler: async (request, reply) => {
      const { usersType, id } = request.params;
      return answer(
        reply,
        await adminUsers.sendPasswordLink(actorOf(request), usersType, id, request.body),
        done,
      );
    },
  });

  app.route({
    ...tableRoute('POST /admin/users/:usersType/:id'),
    schema: {
      params: adminUserParams,
      body: importUserBody,
      response: { 200: adminActionReply, ...responses },
    },
    handler: async (request, reply) => {
      const { usersType, id } = request.params;
      return answer(reply, await adminUsers.importUser(actorOf(request), usersType, id, request.body), done);
    },
  });

  app.route({
    // A state-changing GET (the spec's call): the route table marks it, so it needs the CSRF header.
    ...tableRoute('GET /users/:id/removeUser'),
    schema: { params: removeUserParams, response: { 200: adminActionReply, ...responses } },
    handler: async (request, reply) =>
      answer(reply, await adminUsers.remove(actorOf(request), request.params.id), done),
  });

  app.route({
    ...tableRoute('GET /admin/firms'),
    schema: { querystring: firmsQuery, response: { 200: firmsReply, ...responses } },
    handler: async (request) => ({
      success: true as const,
      data: await adminUsers.searchFirms(request.query.sMatch),
    }),
  });

  app.route({
    ...tableRoute('GET /admin/persons/:id'),
    schema: { params: adminPersonParams, response: { 200: adminPersonReply, ...responses } },
    handler: async (request, reply) =>
      answer(reply, await adminUsers.person(request.params.id), (data) => ({ success: true as const, data })),
  });

  app.route({
    ...tableRoute('GET /admin/firms/:id'),
    schema: { params: adminFirmParams, response: { 200: adminFirmReply, ...responses } },
    handler: async (request, reply) =>
      answer(reply, await adminUsers.firm(request.params.id), (data) => ({ success: true as const, data })),
  });
};

const done = (data: { message: string }) => ({ success: true as const, message: data.message });
