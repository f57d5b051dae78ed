import {
  approvalEventParams,
  approvalEventsReply,
  approvalListReply,
  approveBody,
  approveReply,
  connectEventParams,
  connectEventReply,
  connectEventsReply,
  connectRegisterBody,
  connectRegisterReply,
  meetingReply,
  meetingTokenParams,
  messagesConnect,
  remindBody,
  remindReply,
  uniqueLinkBody,
  uniqueLinkReply,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { Refusal } from '../modules/connect/events.service.ts';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const server = messagesConnect.server;

const refuse = (reply: FastifyReply, refusal: Refusal) =>
  reply.code(refusal.status).send(errorReply(refusal.message));

/**
 * CONNECT events (issue 15; spec 3 sections 2 and 7): the readers' list and registration, the admins' approval,
 * reminders and meeting links, and the meeting link's page. The rules are the events service's; the route table
 * decides who may call (signed in, admin, or public for the link, whose token is the credential).
 */
export const connectEventsRoutes = (app: App) => {
  const { events } = app.services;

  app.route({
    ...tableRoute('GET /connect/events'),
    schema: { response: { 200: connectEventsReply, ...errorResponses } },
    // The route table admits signed-in callers only; the session is there.
    handler: async (request) => ({ events: await events.listEvents(request.session!.user) }),
  });

  app.route({
    ...tableRoute('GET /connect/event/:id'),
    schema: { params: connectEventParams, response: { 200: connectEventReply, ...errorResponses } },
    handler: async (request, reply) => {
      const event = await events.event(request.session!.user, request.params.id);
      return event ? { event } : reply.code(404).send(errorReply(server.eventNotFound));
    },
  });

  app.route({
    ...tableRoute('POST /connect/events'),
    schema: { body: connectRegisterBody, response: { 200: connectRegisterReply, ...errorResponses } },
    handler: async (request, reply) => {
      const user = request.session!.user;
      const outcome = await events.register(user, request.body.submitEvts);
      if (outcome.kind === 'refused') return refuse(reply, outcome);
      request.log.info({ by: user.id, events: outcome.eventIds }, 'CONNECT registration');
      return { success: true as const, message: server.registered, registered: outcome.eventIds };
    },
  });

  app.route({
    ...tableRoute('GET /connect/approvalEvents'),
    schema: { response: { 200: approvalEventsReply, ...errorResponses } },
    handler: async () => ({ campaigns: await events.approvalCampaigns() }),
  });

  app.route({
    ...tableRoute('GET /connect/approvalEvent/:cmpg_id/:evt_id'),
    schema: { params: approvalEventParams, response: { 200: approvalListReply, ...errorResponses } },
    handler: async (request, reply) => {
      const outcome = await events.registrants(request.params.cmpg_id, request.params.evt_id);
      return outcome.kind === 'refused' ? refuse(reply, outcome) : { registrants: outcome.registrants };
    },
  });

  app.route({
    ...tableRoute('POST /connect/approvalEvent/:cmpg_id/:evt_id/approve'),
    schema: {
      params: approvalEventParams,
      body: approveBody,
      response: { 200: approveReply, ...errorResponses },
    },
    handler: async (request, reply) => {
      const admin = request.session!.user;
      const { cmpg_id, evt_id } = request.params;
      const outcome = await events.approve(admin, cmpg_id, evt_id, request.body.approveList);
      if (outcome.kind === 'refused') return refuse(reply, outcome);
      request.log.info({ by: admin.id, event: evt_id, approved: outcome.approved }, 'CONNECT approval');
      return { success: true as const, message: server.approved, approved: outcome.approved };
    },
  });

  app.route({
    ...tableRoute('POST /connect/approvalEvent/:cmpg_id/:evt_id/remind'),
    schema: {
      params: approvalEventParams,
      body: remindBody,
      response: { 200: remindReply, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { cmpg_id, evt_id } = request.params;
      const outcome = await events.remind(cmpg_id, evt_id, request.body.remindList);
      if (outcome.kind === 'refused') return refuse(reply, outcome);
      request.log.info(
        { by: request.session!.user.id, event: evt_id, reminded: outcome.reminded },
        'CONNECT reminders',
      );
      return { success: true as const, message: server.reminded, reminded: outcome.reminded };
    },
  });

  app.route({
    ...tableRoute('POST /connect/approvalEvent/:cmpg_id/:evt_id/uniqueLink'),
    schema: {
      params: approvalEventParams,
      body: uniqueLinkBody,
      response: { 200: uniqueLinkReply, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { cmpg_id, evt_id } = request.params;
      const outcome = await events.uniqueLink(cmpg_id, evt_id, request.body.id);
      return outcome.kind === 'refused'
        ? refuse(reply, outcome)
        : { success: true as const, data: outcome.link };
    },
  });

  app.route({
    ...tableRoute('GET /connect/join/:token'),
    schema: { params: meetingTokenParams, response: { 200: meetingReply, ...errorResponses } },
    handler: async (request, reply) => {
      const meeting = await events.join(request.params.token);
      // The token is a credential: the page must not be kept by a shared cache.
      reply.header('cache-control', 'no-store');
      return meeting ?? reply.code(404).send(errorReply(messagesConnect.meeting.invalid));
    },
  });
};
