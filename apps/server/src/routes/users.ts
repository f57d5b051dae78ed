import {
  changePasswordForm,
  currentUserReply,
  errorReply as errorReplySchema,
  forgotPasswordForm,
  forgotPasswordReply,
  loginForm,
  loginReply,
  messageReply,
  messages,
  resendVerifyForm,
  sessionCookie,
  signupForm,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { toCurrentUser } from '../modules/accounts/accounts.service.ts';
import { errorReply } from '../plugins/errors.ts';
import { sessionCookieOptions } from '../plugins/session.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

// A correct password for an unverified address: the client offers to resend the verification mail.
const loginRefusedReply = errorReplySchema.extend({ code: z.literal('emailNotVerified').optional() });

const metaOf = (request: FastifyRequest) => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

/** Accounts and sessions: spec 1 section 7. */
export const usersRoutes = (app: App, config: Config) => {
  const { accounts, sessions } = app.services;
  const setSession = (reply: FastifyReply, token: string) =>
    reply.setCookie(sessionCookie, token, { ...sessionCookieOptions(config), maxAge: sessions.ttlSeconds });

  app.route({
    ...tableRoute('GET /users/me'),
    schema: { response: { 200: currentUserReply, ...errorResponses } },
    handler: async (request) => ({
      success: !request.sessionInvalid,
      data: request.session ? toCurrentUser(request.session.user) : null,
    }),
  });

  app.route({
    ...tableRoute('POST /users/login'),
    schema: { body: loginForm, response: { 200: loginReply, ...errorResponses, 403: loginRefusedReply } },
    handler: async (request, reply) => {
      const result = await accounts.login(request.body, metaOf(request), request.session?.sessionId);
      if (result.kind === 'invalidCredentials') {
        return reply.code(401).send(errorReply(messages.auth.invalidCredentials));
      }
      if (result.kind === 'emailNotVerified') {
        return reply
          .code(403)
          .send({ ...errorReply(messages.auth.emailNotVerified), code: 'emailNotVerified' });
      }
      setSession(reply, result.token);
      return { success: true as const, data: result.user };
    },
  });

  app.route({
    ...tableRoute('POST /users/signup'),
    schema: { body: signupForm, response: { 201: messageReply, ...errorResponses } },
    handler: async (request, reply) => {
      const result = await accounts.signup(request.body);
      if (result.kind === 'publicEmailDomain') {
        const message = messages.validation.publicEmailDomain;
        return reply.code(400).send(errorReply(message, { email: message }));
      }
      return reply.code(201).send({ success: true, message: messages.auth.signupSuccess });
    },
  });

  app.route({
    ...tableRoute('POST /users/logout'),
    schema: { response: { 200: messageReply, ...errorResponses } },
    handler: async (request, reply) => {
      await accounts.logout(request.session?.sessionId);
      reply.clearCookie(sessionCookie, sessionCookieOptions(config));
      return { success: true, message: messages.auth.signedOut };
    },
  });

  app.route({
    ...tableRoute('POST /users/changePassword'),
    schema: { body: changePasswordForm, response: { 200: messageReply, ...errorResponses } },
    handler: async (request, reply) => {
      // The route table admits signed-in callers only, so the session is there.
      const user = request.session!.user;
      const result = await accounts.changePassword(user, request.body, metaOf(request));
      if (result.kind === 'oldPasswordWrong') {
        const message = messages.auth.oldPasswordWrong;
        return reply.code(400).send(errorReply(message, { oldPassword: message }));
      }
      setSession(reply, result.token);
      return { success: true, message: messages.auth.passwordChanged };
    },
  });

  app.route({
    ...tableRoute('POST /users/forgotPassword'),
    schema: { body: forgotPasswordForm, response: { 200: forgotPasswordReply, ...errorResponses } },
    handler: async (request) => {
      await accounts.forgotPassword(request.body.email, metaOf(request));
      return { success: 'true' as const, message: messages.forgotPassword.success };
    },
  });

  app.route({
    ...tableRoute('POST /users/resendVerify'),
    schema: { body: resendVerifyForm, response: { 200: messageReply, ...errorResponses } },
    handler: async (request) => {
      await accounts.resendVerification(request.body.email, metaOf(request));
      return { success: true, message: messages.verification.resent };
    },
  });
};
