import {
  analystCalendarParams,
  appointmentsReply,
  bookingAnalystsReply,
  bookingParams,
  bookingReply,
  errorReply as errorReplySchema,
  messagesConnect,
  openSlotParams,
  openSlotQuery,
  openSlotsReply,
} from '@portal/contract';
import { z } from 'zod';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const server = messagesConnect.server;
// The service's refusals carry the spec's {Status, ReasonText}; sign-in, role and CSRF refusals the usual reply.
const bookingOrError = z.union([bookingReply, errorReplySchema]);
const bookingResponses = {
  200: bookingReply,
  ...errorResponses,
  403: bookingOrError,
  404: bookingOrError,
  409: bookingReply,
};

/** Appointments and open slots (issue 15; spec 3 sections 2 and 7): the rules are the slots service's. */
export const connectSlotsRoutes = (app: App) => {
  const { slots } = app.services;

  app.route({
    ...tableRoute('GET /connect/analysts'),
    schema: { response: { 200: bookingAnalystsReply, ...errorResponses } },
    handler: () => slots.analysts(),
  });

  app.route({
    ...tableRoute('GET /connect/appointments/:iCAO_ObjId'),
    schema: { params: analystCalendarParams, response: { 200: appointmentsReply, ...errorResponses } },
    // The route table admits signed-in callers only; the session is there.
    handler: async (request, reply) => {
      const found = await slots.appointments(request.session!.user, request.params.iCAO_ObjId);
      return found ?? reply.code(404).send(errorReply(server.slotNotFound));
    },
  });

  app.route({
    ...tableRoute('GET /connect/getOpenSlotDetails/:iPSN_Id'),
    schema: {
      params: openSlotParams,
      querystring: openSlotQuery,
      response: { 200: openSlotsReply, ...errorResponses },
    },
    handler: async (request, reply) => {
      const outcome = await slots.openSlots(
        request.session!.user,
        request.params.iPSN_Id,
        request.query.objectId,
      );
      switch (outcome.kind) {
        case 'ok':
          return outcome.reply;
        case 'notYourPerson':
          return reply.code(403).send(errorReply(server.notYourPerson));
        case 'noPerson':
        case 'noCalendar':
          return reply.code(404).send(errorReply(server.slotNotFound));
      }
    },
  });

  // State-changing GETs of the spec: the route table marks them, so the CSRF header is required all the same.
  for (const action of ['book', 'cancel'] as const) {
    app.route({
      ...tableRoute(`GET /connect/${action}/:iLng/:iPSN_Id/:iCAE_Id/:iAnalystId`),
      schema: { params: bookingParams, response: bookingResponses },
      handler: async (request, reply) => {
        const { iPSN_Id, iCAE_Id, iAnalystId } = request.params;
        const outcome = await slots[action](request.session!.user, {
          personId: iPSN_Id,
          slotId: iCAE_Id,
          calendarId: iAnalystId,
        });
        if (outcome.code === 200) {
          request.log.info({ slotId: iCAE_Id, by: request.session!.user.id, action }, 'Appointment slot');
        }
        return reply.code(outcome.code).send(outcome.reply);
      },
    });
  }
};
