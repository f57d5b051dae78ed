import { type ApiRoute, apiRoutes, errorReply, findApiRoute } from '@portal/contract';

type Entry = (typeof apiRoutes)[number];
/** 'POST /users/login' and friends: only keys of the contract's route table compile. */
export type ApiRouteKey = Entry extends infer R
  ? R extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;

/** Method and URL of a route, taken from the table so that handlers cannot drift from it. */
export const tableRoute = (key: ApiRouteKey) => {
  const [method, path] = key.split(' ') as [ApiRoute['method'], string];
  const entry = findApiRoute(method, path);
  if (!entry) throw new Error(`${key} is not in the API route table`);
  return { method: entry.method, url: entry.path };
};

/** Every table entry must have a handler, or the table would promise calls the server does not answer. */
export const missingRoutes = (registered: ReadonlySet<string>) =>
  apiRoutes.filter((r) => !registered.has(`${r.method} /api${r.path}`.toLowerCase()));

/** Error replies any route may give (validation, sign-in, role or CSRF refusal, not found). */
export const errorResponses = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply } as const;
