import {
  messageReply,
  messagesVerification,
  resetPasswordForm,
  tokenQuery,
  validateTokenReply,
  verifyBody,
} from '@portal/contract';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

/** Links sent by e-mail: GET only checks a token, POST uses it up (spec 3, token verification pages). */
export const verificationRoutes = (app: App) => {
  const { accounts } = app.services;

  app.route({
    ...tableRoute('GET /verify'),
    schema: { querystring: tokenQuery, response: { 200: validateTokenReply, ...errorResponses } },
    handler: async (request) => ({ success: await accounts.isVerifyTokenUsable(request.query.token) }),
  });

  app.route({
    ...tableRoute('POST /verify'),
    schema: { body: verifyBody, response: { 200: messageReply, ...errorResponses } },
    handler: async (request, reply) => {
      if (!(await accounts.verifyEmail(request.body.token))) {
        return reply.code(400).send(errorReply(messagesVerification.tokenInvalid));
      }
      return { success: true, message: messagesVerification.emailVerified };
    },
  });

  app.route({
    ...tableRoute('GET /users/validateResetToken'),
    schema: { querystring: tokenQuery, response: { 200: validateTokenReply, ...errorResponses } },
    handler: async (request) => ({ success: await accounts.isResetTokenUsable(request.query.token) }),
  });

  app.route({
    ...tableRoute('POST /users/resetPassword'),
    schema: { body: resetPasswordForm, response: { 200: messageReply, ...errorResponses } },
    handler: async (request, reply) => {
      if (!(await accounts.resetPassword(request.body))) {
        return reply.code(400).send(errorReply(messagesVerification.resetExpired));
      }
      return { success: true, message: messagesVerification.passwordReset };
    },
  });
};
