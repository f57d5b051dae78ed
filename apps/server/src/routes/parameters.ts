import { messages, parameterReply, textField } from '@portal/contract';
import { z } from 'zod';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

/** Configuration parameters: only the contract's allow-list is readable here. */
export const parametersRoutes = (app: App) => {
  const { parameters } = app.services;

  app.route({
    ...tableRoute('GET /getParameter/:name'),
    schema: {
      params: z.object({ name: textField().min(1).max(100) }),
      response: { 200: parameterReply, ...errorResponses },
    },
    handler: async (request, reply) => {
      const parameter = await parameters.getPublic(request.params.name);
      return parameter ?? reply.code(404).send(errorReply(messages.errors.notFound));
    },
  });
};
