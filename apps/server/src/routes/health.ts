import { healthReply } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { App } from '../types.ts';
import { tableRoute } from './api-route.ts';

export const healthRoutes = (app: App) => {
  app.route({
    ...tableRoute('GET /health'),
    schema: {
      response: {
        200: healthReply,
        503: z.object({ status: z.literal('error'), database: z.literal('error') }),
      },
    },
    handler: async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'Health check: database unreachable');
        return reply.code(503).send({ status: 'error' as const, database: 'error' as const });
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  });
};
