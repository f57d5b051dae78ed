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
  messagesVerification,
  resendVerifyForm,
  sessionCookie,
  signupForm,
  unlockBody,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { toCurrentUser } from '../modules/accounts/current-user.ts';
import { sendCsrfTokenFor } from '../plugins/csrf.ts';
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

/** The HttpOnly cookie of an unlock grant (see accounts.unlock); only the sign-in call needs it. */
const unlockCookie = 'login_unlock';
const unlockCookiePath = '/api/users';

/** Accounts and sessions: spec 1 section 7. */
export const usersRoutes = (app: App, config: Config) => {
  const { accounts, sessions } = app.services;
  /** Starts (or, with null, ends) the browser's session, with the CSRF token that goes with it. */
  const setSession = async (request: FastifyRequest, reply: FastifyReply, token: string | null) => {
    if (token) {
      reply.setCookie(sessionCookie, token, { ...sessionCookieOptions(config), maxAge: sessions.ttlSeconds });
    } else reply.clearCookie(sessionCookie, sessionCookieOptions(config));
    await sendCsrfTokenFor(app, request, reply, token);
  };

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
      const result = await accounts.login(
        request.body,
        metaOf(request),
        request.session?.sessionId,
        request.cookies[unlockCookie],
      );
      if (result.kind === 'invalidCredentials') {
        return reply.code(401).send(errorReply(messages.auth.invalidCredentials));
      }
      if (result.kind === 'emailNotVerified') {
        return reply
          .code(403)
          .send({ ...errorReply(messages.auth.emailNotVerified), code: 'emailNotVerified' });
      }
      await setSession(request, reply, result.token);
      return { success: true as const, data: result.user };
    },
  });

  app.route({
    ...tableRoute('POST /users/signup'),
    schema: { body: signupForm, response: { 201: messageReply, ...errorResponses } },
    handler: async (request, reply) => {
      const result = await accounts.signup(request.body, metaOf(request));
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
      await setSession(request, reply, null);
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
      await setSession(request, reply, result.token);
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
      return { success: true, message: messagesVerification.resent };
    },
  });

  app.route({
    ...tableRoute('POST /users/unlock'),
    schema: { body: unlockBody, response: { 200: messageReply, ...errorResponses } },
    handler: async (request, reply) => {
      const grant = await accounts.unlock(request.body.token);
      if (!grant) {
        const message = messages.auth.unlockInvalid;
        return reply.code(400).send(errorReply(message, { token: message }));
      }
      reply.setCookie(unlockCookie, grant.cookie, {
        ...sessionCookieOptions(config),
        path: unlockCookiePath,
        maxAge: grant.maxAgeSeconds,
      });
      return { success: true, message: messages.auth.unlocked };
    },
  });
};
