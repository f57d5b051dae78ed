import multipart from '@fastify/multipart';
import {
  analystPhotoLimits,
  analystPhotoMessages,
  analystProfileFields,
  analystProfileLimits,
  editBiographyBody,
  editBiographyReply,
  errorReply as errorReplySchema,
  firstErrors,
  messagesSite,
  sortOurPeopleBody,
  sortOurPeopleReply,
  updateAnalystQuery,
  updateAnalystReply,
  updateOurPeopleBody,
  updateOurPeopleReply,
} from '@portal/contract';
import { errorReply } from '../plugins/errors.ts';
import { type ReadFormTexts, readForm } from '../plugins/multipart-file.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const profileTexts: ReadFormTexts = {
  tooLarge: analystPhotoMessages.tooLarge,
  oneFile: analystPhotoMessages.oneFile,
  malformed: analystPhotoMessages.malformed,
  missing: messagesSite.team.profile.fieldMissing,
  fieldTooLong: messagesSite.team.profile.fieldTooLong,
};

/**
 * Team Management and biographies (issue 24; spec 2): Our People's order and listing, a member's profile, an
 * analyst's or a company's biography. Admin only (the route table); the service decides.
 */
export const teamRoutes = (app: App) => {
  const { team } = app.services;

  // POST /analysts/updateAnalyst?id={id}: the profile modal's multipart form. Multipart is registered in this scope
  // only, so no other route here accepts a multipart body.
  app.register(async (scope: App) => {
    await scope.register(multipart, { limits: { fileSize: analystPhotoLimits.maxBytes, files: 1 } });
    scope.route({
      ...tableRoute('POST /analysts/updateAnalyst'),
      schema: {
        querystring: updateAnalystQuery,
        response: { 200: updateAnalystReply, ...errorResponses, 413: errorReplySchema },
      },
      handler: async (request, reply) => {
        const form = await readForm(request, {
          limits: {
            maxBytes: analystPhotoLimits.maxBytes,
            fields: 10,
            // UTF-8: at most 4 bytes a character
            fieldBytes: analystProfileLimits.descriptionMax * 4,
          },
          texts: profileTexts,
        });
        if (!form.ok) return reply.code(form.status).send(errorReply(form.message, form.errors));
        const parsed = analystProfileFields.safeParse(form.fields);
        if (!parsed.success) {
          const [first] = parsed.error.issues;
          return reply
            .code(400)
            .send(errorReply(first?.message ?? profileTexts.malformed, firstErrors(parsed.error.issues)));
        }
        const bytes = form.file?.bytes;
        const photo = bytes && bytes.length > 0 ? bytes : null;
        const outcome = await team.updateAnalyst(request.query.id, parsed.data, photo);
        if (outcome.kind === 'refused') {
          const errors = photo && outcome.status !== 404 ? { file: outcome.message } : undefined;
          return reply.code(outcome.status).send(errorReply(outcome.message, errors));
        }
        request.log.info({ analyst: request.query.id, photo: photo !== null }, 'Analyst profile updated');
        return { success: true as const, data: outcome.profile };
      },
    });
  });

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
