import { subscriptionMessages } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  mayActFor,
  openPersonGrant,
  type PersonCaller,
  personCallerOf,
  personGrantCookie,
  personGrantSecret,
} from '../modules/persons/caller.ts';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';

/**
 * The caller of a subscription-side person call (issue 12): the session's user, or the holder of an e-mailed
 * link's grant cookie (see modules/persons/caller.ts). The routes of persons and subscription mail share it.
 */
export const personCallerFor = async (app: App, request: FastifyRequest): Promise<PersonCaller | null> => {
  const user = request.session?.user ?? null;
  const grantPersonId = user
    ? null
    : openPersonGrant(
        await app.services.secrets(personGrantSecret),
        request.cookies[personGrantCookie],
        app.services.clock(),
      );
  return personCallerOf({ user, grantPersonId });
};

/**
 * The caller when they may act for `personId`; otherwise answers the refusal (401 without a caller, 403 for
 * someone else's person) and returns null, so that a handler does `if (!caller) return reply`.
 */
export const requirePersonCaller = async (
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  personId?: number,
): Promise<PersonCaller | null> => {
  const caller = await personCallerFor(app, request);
  if (!caller) {
    reply.code(401).send(errorReply(subscriptionMessages.errors.personRequired));
    return null;
  }
  if (personId !== undefined && !mayActFor(caller, personId)) {
    reply.code(403).send(errorReply(subscriptionMessages.errors.notYourPerson));
    return null;
  }
  return caller;
};
