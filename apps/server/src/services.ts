import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createEntitlementsService } from './modules/entitlements/entitlements.service.ts';
import { createOutbox } from './modules/mail/outbox.service.ts';
import { createParametersService } from './modules/parameters/parameters.service.ts';
import { createResearchService } from './modules/research/research.service.ts';
import type { Clock, Log } from './modules/runtime.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { createThrottlesService } from './modules/throttles/throttles.service.ts';

/** Wires the domain modules together; the routes reach them through `app.services`. */
export const createServices = (deps: { db: Db; config: Config; clock: Clock; log: Log }) => {
  const { db, config, clock, log } = deps;
  const sessions = createSessionsService({
    db,
    clock,
    ttlHours: config.sessionTtlHours,
    cacheTtlMs: config.cacheTtlMs,
  });
  const throttles = createThrottlesService({ db, clock });
  const parameters = createParametersService({ db });
  const outbox = createOutbox({ clock, log, smtpConfigured: Boolean(config.smtpUrl) });
  const accounts = createAccountsService({
    db,
    clock,
    publicUrl: config.publicUrl,
    firm: config.firm,
    sessions,
    throttles,
    outbox,
    parameters,
  });
  const now = () => clock().getTime();
  const entitlements = createEntitlementsService({ db, cacheTtlMs: config.cacheTtlMs, now });
  const research = createResearchService({ db, clock, cacheTtlMs: config.cacheTtlMs });
  return { sessions, throttles, parameters, outbox, accounts, entitlements, research };
};

export type Services = ReturnType<typeof createServices>;
