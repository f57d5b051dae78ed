import { messages, parameterListReply, parameterParams, parameterReply } from '@portal/contract';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

/**
 * Configuration parameters: only the contract's allow-list is readable here. One name answers that parameter
 * (or 404); a comma list answers the readable ones among them, in the asked order.
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
};
