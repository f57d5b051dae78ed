import type { Db } from '../db/client.ts';
import type { Services } from '../services.ts';
import type { App } from '../types.ts';

/** Makes the database and the domain services reachable from every route. The caller owns the connection. */
export const dbPlugin = (app: App, deps: { db: Db; services: Services }) => {
  app.decorate('db', deps.db);
  app.decorate('services', deps.services);
};
