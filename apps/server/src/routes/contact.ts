import {
  altchaChallenge,
  aoiForm,
  aoiReply,
  captchaErrorReply,
  messagesSite,
  verifyTokenBody,
  verifyTokenReply,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { CaptchaFailure } from '../modules/contact/captcha.service.ts';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const ipOf = (request: FastifyRequest) => request.ip ?? 'unknown';

/** Expired, forged and replayed proofs read the same to the visitor: solve the challenge again. */
const captchaMessage = (_reason: CaptchaFailure) => messagesSite.captchaInvalid;

/** The contact forms and their ALTCHA captcha (spec 3 sections 5 and 7). */
export const contactRoutes = (app: App) => {
  const { captcha, contact } = app.services;

  app.route({
    ...tableRoute('GET /aoi/challenge'),
    schema: { response: { 200: altchaChallenge, ...errorResponses } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  });

  app.route({
    ...tableRoute('POST /aoi/verifyToken'),
    schema: {
      body: verifyTokenBody,
      response: { 200: verifyTokenReply, ...errorResponses, 400: captchaErrorReply },
    },
    handler: async (request, reply) => {
      const result = await contact.exchange(request.body.token, ipOf(request));
      if (result.ok) return { t: result.token };
      const message = captchaMessage(result.reason);
      return reply.code(400).send({ ...errorReply(message, { captcha: message }), error: message });
    },
  });

  app.route({
    ...tableRoute('POST /aoi'),
    // Spec 3 section 7: the form reads `error` or `success`; a refused captcha answers both shapes.
    schema: { body: aoiForm, response: { 200: aoiReply, ...errorResponses, 400: captchaErrorReply } },
    handler: async (request, reply) => {
      const result = await contact.send(request.body, ipOf(request));
      if (result.kind === 'captcha') {
        const message = captchaMessage(result.reason);
        return reply.code(400).send({ ...errorReply(message, { captcha: message }), error: message });
      }
      return { success: true as const, message: messagesSite.contactSent };
    },
  });
};
