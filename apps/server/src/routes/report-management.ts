import {
  errorReply as errorReplySchema,
  reportFlagBody,
  reportFlagParams,
  reportFlagReply,
  reportManagementQuery,
  reportManagementReply,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { Toggle } from '../modules/report-management/report-management.service.ts';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { type ApiRouteKey, errorResponses, tableRoute } from './api-route.ts';

const responses = { ...errorResponses, 409: errorReplySchema } as const;

type Outcome<T> = { ok: true; data: T } | { ok: false; status: 400 | 404 | 409; message: string };

const answer = <T, R>(reply: FastifyReply, outcome: Outcome<T>, ok: (data: T) => R) =>
  outcome.ok ? ok(outcome.data) : reply.code(outcome.status).send(errorReply(outcome.message));

/**
 * Report Management (issue 23; spec 2 "Report Management"): the admin's list and the four curation toggles. The
 * route table admits admins only and asks the CSRF header of the toggles; every decision is the service's.
 */
export const reportManagementRoutes = (app: App) => {
  const { reportManagement } = app.services;

  app.route({
    ...tableRoute('GET /report/reportManagementAll'),
    schema: { querystring: reportManagementQuery, response: { 200: reportManagementReply, ...responses } },
    handler: async (request, reply) =>
      answer(reply, await reportManagement.list(request.query), (data) => data),
  });

  const toggles: [ApiRouteKey, Toggle][] = [
    ['POST /report/:id/tempReport', 'tempReport'],
    ['POST /report/:id/mustRead', 'mustRead'],
    ['POST /report/:id/highlight', 'highlight'],
    ['POST /report/:id/select', 'select'],
  ];
  for (const [key, toggle] of toggles) {
    app.route({
      ...tableRoute(key),
      schema: {
        params: reportFlagParams,
        body: reportFlagBody,
        response: { 200: reportFlagReply, ...responses },
      },
      handler: async (request, reply) =>
        answer(
          reply,
          await reportManagement.toggle(request.params.id, toggle, request.body.status),
          (report) => ({ success: true as const, report }),
        ),
    });
  }
};
