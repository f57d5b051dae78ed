import {
  downloadPdfParams,
  downloadPdfReply,
  errorReply,
  fileTokenParams,
  reportAccessKinds,
  reportAccessReply,
  reportErrorReply,
  reportIdParams,
  reportPathReply,
  reportRefusalReply,
  reportViewerReply,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Outcome } from '../modules/report-viewer/report-viewer.service.ts';
import type { App } from '../types.ts';
import { tableRoute } from './api-route.ts';

// The viewer answers refusals with { success:false, error } (spec 1 section 4); the cross-cutting plugins
// (validation, CSRF, throttles) with the agreed { success:false, message }.
const refusal = z.union([reportErrorReply, errorReply]);
const refusals = { 400: refusal, 401: refusal, 403: refusal, 404: refusal, 410: refusal, 429: errorReply };
// GET /report/:id refuses a reader without entitlement with the report's metadata (issue 11). The union takes
// the first shape that fits and drops unknown keys, so the shape with the metadata goes first.
const openRefusal = z.union([reportRefusalReply, reportErrorReply, errorReply]);

const send = <T>(reply: FastifyReply, outcome: Outcome<T>) => reply.code(outcome.status).send(outcome.body);

/** The report viewer's calls (spec 1 sections 2.7 and 7): every decision is the viewer service's, and logged. */
export const reportViewerRoutes = (app: App) => {
  const viewer = app.services.reportViewer;

  app.route({
    ...tableRoute('GET /report/:id'),
    schema: { params: reportIdParams, response: { 200: reportViewerReply, ...refusals, 403: openRefusal } },
    handler: async (request, reply) => send(reply, await viewer.open(request.session, request.params.id)),
  });

  app.route({
    ...tableRoute('GET /report/:id/firstPage'),
    // No response schema for the picture: its bytes, or a viewer refusal.
    schema: { params: reportIdParams },
    handler: async (request, reply) => {
      const outcome = await viewer.firstPage(request.session, request.params.id.id);
      if (outcome.status !== 200)
        return reply.code(outcome.status).header('cache-control', 'private, no-store').send(outcome.body);
      // The reader's own stamped page: kept by their browser only, for as long as a signed file URL lives.
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(outcome.body);
    },
  });

  app.route({
    ...tableRoute('GET /reports/:id'),
    schema: { params: reportIdParams, response: { 200: reportPathReply, ...refusals } },
    handler: async (request, reply) => send(reply, await viewer.path(request.session, request.params.id)),
  });

  for (const kind of ['dAcsHighligted', 'dAcsFree'] as const) {
    app.route({
      ...tableRoute(`POST /report/:id/access/${kind}`),
      schema: { params: reportIdParams, response: { 200: reportAccessReply, ...refusals } },
      handler: async (request, reply) =>
        send(reply, await viewer.access(request.session, request.params.id, reportAccessKinds[kind])),
    });
  }

  app.route({
    ...tableRoute('GET /reports/downloadPdf/:id/:userid'),
    schema: { params: downloadPdfParams, response: { 200: downloadPdfReply, ...refusals } },
    handler: async (request, reply) => {
      // The route table admits admins only; the session is there.
      const admin = request.session!.user;
      return send(reply, await viewer.downloadPdf(admin, request.params.id, request.params.userid));
    },
  });

  app.route({
    ...tableRoute('GET /files/:token'),
    // No response schema: the body is the file's bytes (or a viewer refusal, serialised as plain JSON).
    schema: { params: fileTokenParams },
    handler: async (request, reply) => {
      const range = request.headers.range;
      const outcome = await viewer.file(request.params.token, {
        session: request.session,
        cookies: request.cookies,
        range: typeof range === 'string' ? range : undefined,
      });
      if (!outcome.ok) {
        return reply.code(outcome.status).header('cache-control', 'private, no-store').send(outcome.body);
      }
      // htm reports are shown in the viewer's sandboxed frame: their own CSP says who may frame them.
      if (outcome.framable) reply.removeHeader('x-frame-options');
      reply.code(outcome.status).headers(outcome.headers);
      return reply.send(outcome.body ?? '');
    },
  });
};
