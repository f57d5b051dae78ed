import {
  adminParameterBody,
  adminParameterParams,
  adminParameterReply,
  adminParametersReply,
  messages,
  parameterListReply,
  parameterParams,
  parameterReply,
} from '@portal/contract';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

/**
 * Configuration parameters: only the contract's allow-list is readable here. One name answers that parameter
 * (or 404); a comma list answers the readable ones among them, in the asked order. An administrator lists and
 * writes the editable ones (issue 24: the parameters and watermark screens), each checked by its type.
 */
export const parametersRoutes = (app: App) => {
  const { parameters } = app.services;

  app.route({
    ...tableRoute('GET /getParameter/:name'),
    schema: {
      params: parameterParams,
      response: { 200: parameterReply.or(parameterListReply), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { names, list } = request.params.name;
      if (list) return { data: await parameters.getPublicList(names) };
      const parameter = await parameters.getPublic(names[0] ?? '');
      return parameter ?? reply.code(404).send(errorReply(messages.errors.notFound));
    },
  });

  app.route({
    ...tableRoute('GET /admin/parameters'),
    schema: { response: { 200: adminParametersReply, ...errorResponses } },
    handler: async () => ({ data: await parameters.admin.list() }),
  });

  app.route({
    ...tableRoute('POST /admin/parameters/:name'),
    schema: {
      params: adminParameterParams,
      body: adminParameterBody,
      response: { 200: adminParameterReply, ...errorResponses },
    },
    handler: async (request, reply) => {
      const result = await parameters.admin.write(request.params.name, request.body.value);
      if (!result.ok) return reply.code(result.status).send(errorReply(result.message, result.errors));
      return { success: true as const, data: result.data };
    },
  });
};
