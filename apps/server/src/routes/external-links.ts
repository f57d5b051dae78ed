import type { CookieSerializeOptions } from '@fastify/cookie';
import {
  accessKeyQuery,
  deviceTokenBody,
  deviceTokenQuery,
  deviceTokenReply,
  emailLinkBody,
  emailLinkParams,
  emailLinkReply,
  errorReply as errorReplySchema,
  getCookieBody,
  getCookieReply,
  messageReply,
  messages,
  messagesVerification,
  reportErrorReply,
  reportViewerReply,
  revokeAccessKeyParams,
  viewerErrorCodes,
  viewerMessages,
} from '@portal/contract';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { deviceCookieMaxAgeSeconds, deviceCookieName } from '../modules/device-verification/device-cookie.ts';
import { viewerHtmlError } from '../modules/report-viewer/viewer-errors.ts';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

/** The device cookie: HttpOnly (scripts never see it), signed, long-lived, bound to recipients on the server. */
export const deviceCookieOptions = (config: Config): CookieSerializeOptions => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: config.production,
  maxAge: deviceCookieMaxAgeSeconds,
});

/**
 * E-mailed report links (issue 4): an admin sends a report to a recipient, the recipient verifies the device
 * by e-mail, and GET /report?accessKey= opens the report through the viewer's service.
 */
export const externalLinksRoutes = (app: App, config: Config) => {
  const { accessKeys, deviceVerification, externalAccess, reportViewer } = app.services;
  // Refusals of the viewer calls use the viewer's own error shape (spec 1 section 4).
  const viewerError = z.union([reportErrorReply, errorReplySchema]);

  app.route({
    ...tableRoute('GET /report'),
    schema: {
      querystring: accessKeyQuery,
      response: {
        200: reportViewerReply,
        400: viewerError,
        401: viewerError,
        403: viewerError,
        404: viewerError,
        410: viewerError,
      },
    },
    handler: async (request, reply) => {
      const decision = await externalAccess.open(request.query.accessKey, {
        cookies: request.cookies,
        session: request.session,
      });
      if (decision.kind !== 'ok') {
        const key = decision.kind === 'needsDevice' ? decision.key.key : null;
        await reportViewer.logDecision({
          action: 'open',
          via: 'accessKey',
          granted: false,
          reason: key ? 'deviceNotVerified' : 'accessKeyInvalid',
          userId: request.session?.user.id ?? null,
          reportId: key?.reportId ?? null,
          accessKeyId: key?.id ?? null,
        });
        return reply.code(403).send({
          success: false,
          error: key ? viewerErrorCodes.createNewCookie : viewerHtmlError(viewerMessages.accessKeyInvalid),
        });
      }
      const outcome = await reportViewer.openWithAccessKey({
        reportId: decision.key.key.reportId,
        reader: decision.reader,
        accessKeyId: decision.key.key.id,
        binding: decision.binding,
      });
      return reply.code(outcome.status).send(outcome.body);
    },
  });

  app.route({
    ...tableRoute('POST /reports/:id/emailLink'),
    schema: {
      params: emailLinkParams,
      body: emailLinkBody,
      response: { 200: emailLinkReply, ...errorResponses },
    },
    handler: async (request, reply) => {
      const result = await accessKeys.issue({
        reportId: request.params.id.id,
        email: request.body.email,
        expiresInDays: request.body.expiresInDays,
        // The route table admits admins only, so the session is there.
        createdBy: request.session!.user.id,
      });
      if (result.kind === 'reportMissing') {
        return reply.code(404).send(errorReply(viewerMessages.reportMissing));
      }
      request.log.info(
        { accessKeyId: result.key.id, reportId: result.key.reportId, by: request.session!.user.id },
        'Report link issued',
      );
      return { success: true as const, message: viewerMessages.emailLinkSent, data: result.key };
    },
  });

  app.route({
    ...tableRoute('POST /reportAccessKeys/:id/revoke'),
    schema: { params: revokeAccessKeyParams, response: { 200: messageReply, ...errorResponses } },
    handler: async (request, reply) => {
      if (!(await accessKeys.revoke(request.params.id))) {
        return reply.code(404).send(errorReply(messages.errors.notFound));
      }
      request.log.info(
        { accessKeyId: request.params.id, by: request.session!.user.id },
        'Report link revoked',
      );
      return { success: true, message: viewerMessages.accessKeyRevoked };
    },
  });

  app.route({
    ...tableRoute('POST /getCookie'),
    schema: { body: getCookieBody, response: { 200: getCookieReply, ...errorResponses } },
    handler: async (request) => {
      await deviceVerification.requestCheck(request.body, request.ip ?? null);
      // The same answer whether or not the address is the link's recipient.
      return { success: true as const, message: viewerMessages.deviceCheckSent };
    },
  });

  app.route({
    ...tableRoute('GET /verifyCookieEmail'),
    schema: { querystring: deviceTokenQuery, response: { 200: deviceTokenReply, ...errorResponses } },
    handler: (request) => deviceVerification.checkToken(request.query.token),
  });

  app.route({
    ...tableRoute('POST /verifyCookieEmail'),
    schema: { body: deviceTokenBody, response: { 200: deviceTokenReply, ...errorResponses } },
    handler: async (request, reply) => {
      const result = await deviceVerification.confirm(request.body.token, request.cookies[deviceCookieName]);
      if (result.kind === 'invalid') {
        return reply.code(400).send(errorReply(messagesVerification.tokenInvalid));
      }
      if (result.kind === 'expired') {
        return { success: false, redirectUrl: result.redirectUrl, message: messages.notices.linkExpired };
      }
      reply.setCookie(deviceCookieName, result.cookieValue, deviceCookieOptions(config));
      return { success: true, redirectUrl: result.redirectUrl, message: messages.notices.deviceVerified };
    },
  });
};
