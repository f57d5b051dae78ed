import {
  defaultMostViewedPeriod,
  maxSuggestions,
  messages,
  messagesResearch,
  mostViewedPeriods,
  myReportsEntities,
  numberInput,
  overallResearchReply,
  reportCursorInvalid,
  reportsQuery,
  reportsReply,
  saveReportBody,
  saveReportReply,
  suggestionsQuery,
  suggestionsReply,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { JsonBody } from '../modules/cache/json-body.ts';
import { HeavyWorkBusyError } from '../modules/heavy-work/heavy-work-gate.ts';
import { InvalidCursorError } from '../modules/research/cursor.ts';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const myReportsParams = z.object({
  id: numberInput(z.number().int().positive().max(2_147_483_647)),
  entity: z.enum(myReportsEntities),
});
const overallQuery = z.object({ period: z.enum(mostViewedPeriods).default(defaultMostViewedPeriod) });

/** Report lists, search suggestions, saving (spec 1 sections 2.6 and 7). Every card passes the entitlement rule. */
export const researchRoutes = (app: App) => {
  const { research, entitlements, catalogue } = app.services;

  const callerOf = async (request: FastifyRequest) => {
    const user = request.session?.user ?? null;
    return {
      userId: user?.id ?? null,
      entitlement: await entitlements.entitlementFor(user),
      // the bound on concurrent searches counts a signed-in reader by account, anyone else by address
      who: user ? `user:${user.id}` : `ip:${request.ip}`,
    };
  };
  /** Runs a list; a bad cursor is a 400, a full search queue a 429 (this caller's) or 503 (the server's). */
  const listOrRefuse = async <T>(reply: FastifyReply, run: () => Promise<T>) => {
    try {
      return { ok: true as const, value: await run() };
    } catch (error) {
      if (error instanceof InvalidCursorError) {
        return { ok: false as const, refusal: reply.code(400).send(badCursor()) };
      }
      if (error instanceof HeavyWorkBusyError) {
        const user = error.scope === 'user';
        const refusal = reply
          .code(user ? 429 : 503)
          .header('retry-after', '1')
          .send(errorReply(user ? messagesResearch.searchBusyUser : messagesResearch.searchBusyServer));
        return { ok: false as const, refusal };
      }
      throw error;
    }
  };
  const badCursor = () => errorReply(reportCursorInvalid, { cursor: reportCursorInvalid });
  // A body the service rendered (and validated) already is sent as it is; Fastify serialises only objects.
  const sendBody = (reply: FastifyReply, body: JsonBody) =>
    reply.type('application/json; charset=utf-8').send(body.bytes);
  const send = <T>(reply: FastifyReply, value: T | JsonBody) =>
    value instanceof JsonBody ? sendBody(reply, value) : value;

  app.route({
    ...tableRoute('GET /reports'),
    schema: { querystring: reportsQuery, response: { 200: reportsReply, ...errorResponses } },
    handler: async (request, reply) => {
      const caller = await callerOf(request);
      const result = await listOrRefuse(reply, () => research.list(request.query, caller));
      return result.ok ? send(reply, result.value) : result.refusal;
    },
  });

  app.route({
    ...tableRoute('GET /reports/suggestions'),
    schema: { querystring: suggestionsQuery, response: { 200: suggestionsReply, ...errorResponses } },
    handler: async (request, reply) =>
      sendBody(reply, await research.suggestions(request.query.q, maxSuggestions)),
  });

  app.route({
    ...tableRoute('GET /reports/MyReports/:id/:entity'),
    schema: {
      params: myReportsParams,
      querystring: reportsQuery,
      response: { 200: reportsReply, ...errorResponses },
    },
    handler: async (request, reply) => {
      const user = request.session?.user;
      if (!user) return reply.code(401).send(errorReply(messages.auth.signInRequired));
      const scope = await catalogue.myReportsScope(user, request.params.id, request.params.entity);
      if (scope.kind === 'forbidden') return reply.code(403).send(errorReply(messages.auth.forbidden));
      if (scope.kind === 'notFound') return reply.code(404).send(errorReply(messages.errors.notFound));
      const caller = await callerOf(request);
      const result = await listOrRefuse(reply, () =>
        research.list(request.query, caller, { scopeSectorIds: scope.sectorIds }),
      );
      return result.ok ? send(reply, result.value) : result.refusal;
    },
  });

  app.route({
    ...tableRoute('POST /reports/save/'),
    schema: { body: saveReportBody, response: { 200: saveReportReply, ...errorResponses } },
    handler: async (request, reply) => {
      const user = request.session?.user;
      if (!user) return reply.code(401).send(errorReply(messages.auth.signInRequired));
      const result = await research.save(user.id, request.body.id, request.body.status === 1);
      if (result.kind === 'notFound') return reply.code(404).send(errorReply(messages.errors.notFound));
      return { success: true as const, saved: result.saved };
    },
  });

  app.route({
    ...tableRoute('GET /overall/research'),
    schema: { querystring: overallQuery, response: { 200: overallResearchReply, ...errorResponses } },
    handler: async (request) => research.overall(await callerOf(request), request.query.period),
  });
};
