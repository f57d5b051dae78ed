import type { ApiRoute } from '@portal/contract';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/client.ts';
import type { ResolvedSession } from './modules/sessions/sessions.service.ts';
import type { Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    services: Services;
  }
  interface FastifyRequest {
    /** The signed-in session, resolved from the `sid` cookie before authorization runs. */
    session: ResolvedSession | null;
    /** A `sid` cookie was sent but names no live session (expired, revoked, removed user). */
    sessionInvalid: boolean;
    apiRoute: ApiRoute | null;
    /** The browser's CSRF nonce (cookie): what the token of a caller without a session is bound to. */
    csrfNonce: string;
  }
  interface FastifyContextConfig {
    /** Static SPA files and /config.js: public, read-only, outside the API route table. */
    asset?: boolean;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
