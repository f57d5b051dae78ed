import {
  editBiographyBody,
  editBiographyReply,
  messagesSite,
  sortOurPeopleBody,
  sortOurPeopleReply,
  updateOurPeopleBody,
  updateOurPeopleReply,
} from '@portal/contract';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

/** Team Management (issue 24; spec 2): Our People's order. Admin only (the route table); the service decides. */
export const teamRoutes = (app: App) => {
  const { team } = app.services;

  app.route({
    ...tableRoute('POST /editBiography'),
    schema: { body: editBiographyBody, response: { 200: editBiographyReply, ...errorResponses } },
    handler: async (request, reply) => {
      const saved = await team.editBiography(request.body);
      if (!saved) return reply.code(404).send(errorReply(messagesSite.biography.missing));
      return { success: true as const, description: saved.description };
    },
  });

  app.route({
    ...tableRoute('POST /overall/updateOurPeople'),
    schema: { body: updateOurPeopleBody, response: { 200: updateOurPeopleReply, ...errorResponses } },
    handler: async (request, reply) =>
      (await team.updateOurPeople(request.body)) === 'updated'
        ? { success: true as const, isOurPeople: request.body.isOurPeople }
        : reply.code(404).send(errorReply(messagesSite.team.unknownMember)),
  });

  app.route({
    ...tableRoute('POST /overall/sortOurPeople'),
    schema: { body: sortOurPeopleBody, response: { 200: sortOurPeopleReply, ...errorResponses } },
    handler: async (request, reply) =>
      (await team.sortOurPeople(request.body.sortValue)) === 'sorted'
        ? { success: true as const }
        : reply.code(404).send(errorReply(messagesSite.team.unknownPerson)),
  });
};
