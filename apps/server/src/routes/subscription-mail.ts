import {
  idParams,
  insertMailEventBody,
  mailEventReply,
  messageOkReply,
  okReply,
  oneClickQuery,
  redeemMailLinkBody,
  redeemMailLinkReply,
  requestUnsubscribeLinkBody,
  saveUnsubscribeReasonParams,
  sendEmailQuery,
  sendEmailReply,
  subscriptionMessages,
  unsubLastSentReply,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { personGrantCookie, personGrantPath, personGrantSeconds } from '../modules/persons/caller.ts';
import { isRefusal, type MailRefusal } from '../modules/subscription-mail/refusal.ts';
import { errorReply } from '../plugins/errors.ts';
import { sessionCookieOptions } from '../plugins/session.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';
import { requirePersonCaller } from './person-caller.ts';

const conflict = { 409: errorResponses[400] } as const;

const refused = (reply: FastifyReply, outcome: MailRefusal) =>
  reply.code(outcome.refused.status).send(errorReply(outcome.refused.message));

/** The service's refusal as the reply, or `{ success: true, data }`. */
const answer = <T>(reply: FastifyReply, outcome: MailRefusal | T) =>
  isRefusal(outcome) ? refused(reply, outcome) : { success: true as const, data: outcome };

const done = (reply: FastifyReply, outcome: MailRefusal | { ok: true }) =>
  isRefusal(outcome) ? refused(reply, outcome) : { success: true as const };

/**
 * Notification mails, unsubscribe reasons and e-mailed person links (issue 12; spec 3 sections 3-9). The owner
 * rule is requirePersonCaller's; recipients, cases and texts are the subscription-mail service's.
 */
export const subscriptionMailRoutes = (app: App, config: Config) => {
  const mail = app.services.subscriptionMail;

  app.route({
    ...tableRoute('GET /SendEmail'),
    schema: {
      querystring: sendEmailQuery,
      response: { 200: sendEmailReply, ...errorResponses, ...conflict },
    },
    handler: async (request, reply) => {
      const caller = await requirePersonCaller(app, request, reply, request.query.psnId);
      if (!caller) return reply;
      return answer(reply, await mail.sendEmail(request.query, caller.userId));
    },
  });

  app.route({
    ...tableRoute('POST /users/insertMailEvent'),
    schema: { body: insertMailEventBody, response: { 200: mailEventReply, ...errorResponses, ...conflict } },
    handler: async (request, reply) => {
      const caller = await requirePersonCaller(app, request, reply, request.body.psnId);
      if (!caller) return reply;
      return answer(reply, await mail.insertMailEvent(request.body, caller.userId));
    },
  });

  app.route({
    ...tableRoute('GET /users/SaveUnsubscribeReason/:personId/:productId/:otherText/:reasonId'),
    schema: { params: saveUnsubscribeReasonParams, response: { 200: okReply, ...errorResponses } },
    handler: async (request, reply) => {
      const caller = await requirePersonCaller(app, request, reply, request.params.personId);
      if (!caller) return reply;
      return done(reply, await mail.saveUnsubscribeReason(request.params, caller.userId));
    },
  });

  app.route({
    ...tableRoute('GET /users/getUserUnsubLastSentEmail/:id'),
    schema: { params: idParams, response: { 200: unsubLastSentReply, ...errorResponses } },
    handler: async (request, reply) => {
      if (!(await requirePersonCaller(app, request, reply, request.params.id))) return reply;
      return answer(reply, await mail.unsubLastSent(request.params.id));
    },
  });

  app.route({
    ...tableRoute('GET /users/updateUserUnsubLastSentEmail/:id'),
    schema: { params: idParams, response: { 200: okReply, ...errorResponses } },
    handler: async (request, reply) => {
      if (!(await requirePersonCaller(app, request, reply, request.params.id))) return reply;
      return done(reply, await mail.markUnsubSent(request.params.id));
    },
  });

  app.route({
    ...tableRoute('POST /mailLinks/redeem'),
    schema: { body: redeemMailLinkBody, response: { 200: redeemMailLinkReply, ...errorResponses } },
    handler: async (request, reply) => {
      const outcome = await mail.redeemLink(request.body.token);
      if (isRefusal(outcome)) return refused(reply, outcome);
      reply.setCookie(personGrantCookie, outcome.cookie, {
        ...sessionCookieOptions(config),
        path: personGrantPath,
        maxAge: personGrantSeconds,
      });
      return { success: true as const, data: outcome.data };
    },
  });

  app.route({
    ...tableRoute('POST /unsubscribe/requestLink'),
    schema: { body: requestUnsubscribeLinkBody, response: { 200: messageOkReply, ...errorResponses } },
    handler: async (request, reply) => {
      const outcome = await mail.requestUnsubscribeLink(request.body, request.ip ?? 'unknown');
      if (isRefusal(outcome)) return refused(reply, outcome);
      return { success: true as const, message: subscriptionMessages.unsubscribe.linkSent };
    },
  });

  // RFC 8058: a mail client POSTs `List-Unsubscribe=One-Click` as a form (or multipart). The body says nothing the
  // URL does not, so this scope takes any content type and leaves the body unread.
  app.register(async (scope: App) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { bodyLimit: 4096 }, (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, undefined));
      payload.on('error', done);
    });
    scope.route({
      ...tableRoute('POST /unsubscribe/oneClick'),
      schema: { querystring: oneClickQuery, response: { 200: messageOkReply, ...errorResponses } },
      handler: async (request, reply) => {
        const outcome = await mail.oneClickUnsubscribe(request.query.token);
        if (isRefusal(outcome)) return refused(reply, outcome);
        return { success: true as const, message: subscriptionMessages.unsubscribe.oneClickDone };
      },
    });
  });
};
