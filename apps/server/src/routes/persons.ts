import {
  accountManagerQuery,
  idParams,
  matrixDescriptionsReply,
  parentFirmReply,
  personIdFromEmailQuery,
  personIdReply,
  personMatrixParams,
  pickListParams,
  pickListReply,
  schemaFieldParams,
  schemaFieldValueReply,
  updateMatrixQuery,
  updateMatrixReply,
  xmlReply,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { Outcome } from '../modules/persons/persons.service.ts';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';
import { requirePersonCaller } from './person-caller.ts';

/** A service outcome as the reply: `{ success: true, data }`, or the refusal's status and message. */
const answer = <T>(reply: FastifyReply, outcome: Outcome<T>) =>
  outcome.ok
    ? { success: true as const, data: outcome.data }
    : reply.code(outcome.status).send(errorReply(outcome.message, outcome.errors));

/**
 * The person and matrix calls of spec 3 section 7 (issue 12). The owner rule is requirePersonCaller's (the
 * caller's own person, from the session or an e-mailed link's grant cookie, unless an admin); every other
 * decision is the persons service's.
 */
export const personsRoutes = (app: App) => {
  const { persons } = app.services;

  app.route({
    ...tableRoute('GET /getMatrixData'),
    schema: { response: { 200: xmlReply, ...errorResponses } },
    // Public: the product list is the same for everyone and names nobody.
    handler: async () => ({ success: true as const, data: await persons.matrixDataXml() }),
  });

  app.route({
    ...tableRoute('GET /overall/GetMatrixDescription/:id'),
    schema: { params: idParams, response: { 200: matrixDescriptionsReply, ...errorResponses } },
    handler: async (request, reply) => answer(reply, await persons.descriptions(request.params.id)),
  });

  app.route({
    ...tableRoute('GET /PickList/GetPickLists/:mnemonic'),
    schema: { params: pickListParams, response: { 200: pickListReply, ...errorResponses } },
    handler: async (request, reply) => answer(reply, await persons.pickList(request.params.mnemonic)),
  });

  app.route({
    ...tableRoute('GET /overall/GetParentFirmName/:id'),
    schema: { params: idParams, response: { 200: parentFirmReply, ...errorResponses } },
    handler: async (request, reply) => {
      if (!(await requirePersonCaller(app, request, reply, request.params.id))) return reply;
      return answer(reply, await persons.parentFirm(request.params.id));
    },
  });

  app.route({
    ...tableRoute('GET /overall/GetPersonIdFromEmail'),
    schema: { querystring: personIdFromEmailQuery, response: { 200: personIdReply, ...errorResponses } },
    // The route table admits signed-in callers only: an anonymous one never learns whether an address is known.
    handler: async (request, reply) =>
      answer(reply, await persons.personIdFromEmail(request.session!.user, request.query.email)),
  });

  app.route({
    ...tableRoute('GET /overall/getSchemaFieldValue/:psnId/:fieldName'),
    schema: { params: schemaFieldParams, response: { 200: schemaFieldValueReply, ...errorResponses } },
    handler: async (request, reply) => {
      const { psnId, fieldName } = request.params;
      if (!(await requirePersonCaller(app, request, reply, psnId))) return reply;
      return answer(reply, await persons.schemaFieldValue(psnId, fieldName));
    },
  });

  app.route({
    ...tableRoute('GET /users/loadPersonMatrixDetails/:id/:userEntity'),
    schema: { params: personMatrixParams, response: { 200: xmlReply, ...errorResponses } },
    handler: async (request, reply) => {
      const { id, userEntity } = request.params;
      if (!(await requirePersonCaller(app, request, reply, id))) return reply;
      return answer(reply, await persons.personMatrixXml(id, userEntity));
    },
  });

  app.route({
    ...tableRoute('GET /Repository/UpdateMatrix'),
    schema: { querystring: updateMatrixQuery, response: { 200: updateMatrixReply, ...errorResponses } },
    handler: async (request, reply) => {
      const caller = await requirePersonCaller(app, request, reply, request.query.psnId);
      if (!caller) return reply;
      return answer(reply, await persons.updateMatrix(caller, request.query));
    },
  });

  app.route({
    ...tableRoute('GET /Relationships/GetAccountManager'),
    schema: { querystring: accountManagerQuery, response: { 200: xmlReply, ...errorResponses } },
    // format, hierarchy, bulletin, language and user are the spec's fixed values: accepted, not used.
    handler: async (request, reply) => {
      if (!(await requirePersonCaller(app, request, reply, request.query.pid))) return reply;
      return answer(reply, await persons.accountManagersXml(request.query.pid));
    },
  });
};
