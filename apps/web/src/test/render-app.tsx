import type { CurrentUser } from '@portal/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { createTestRouter } from '../app/router.tsx';
import { resetCsrfToken } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';

export const client: CurrentUser = {
  id: 7,
  full_name: 'Ada Byron Lovelace',
  email: 'ada@engines.example',
  type: 'client',
  sEntity: 'U',
  iPSN_Id: 7000001,
  returnUrl: '',
  status: 'Activated',
  companyName: 'Analytical Engines Ltd',
};
export const admin: CurrentUser = { ...client, id: 1, full_name: 'Grace Hopper', type: 'admin' };

export interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
  headers: Record<string, string>;
}
type ReplyValue = { status?: number; body?: unknown; headers?: Record<string, string> };
type Reply = ReplyValue | Promise<ReplyValue>;
export type Handler = (call: Call) => Reply | undefined;

/**
 * Replaces fetch with a fake API: GET /users/me answers with `user`, everything else goes to `handler`
 * (an unhandled call fails the test loudly). Every reply carries a CSRF token, as the server's do.
 */
export const fakeApi = (user: CurrentUser | null, handler: Handler = () => undefined) => {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      search: url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const reply =
      handler(call) ??
      (call.method === 'GET' && call.path === '/users/me'
        ? { body: { success: true, data: user } }
        : undefined);
    if (!reply) throw new Error(`Unexpected API call ${call.method} ${call.path}`);
    const { status = 200, body = {}, headers = {} } = await reply;
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'csrf-from-server', ...headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
};

/** Renders one element inside the app's providers (query client, Mantine in test mode), without the route tree. */
export const renderWithProviders = (ui: ReactNode) =>
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      {ui}
    </AppProviders>,
  );

/** Renders the whole app (providers, route tree, guard, layouts) at `path`. */
export const renderApp = (path: string) => {
  resetCsrfToken();
  const router = createTestRouter([path]);
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    ...view,
    router,
    queryClient,
    location: () => router.state.location.pathname + router.state.location.search,
  };
};

/** Matches a field label with or without Mantine's required asterisk (hidden from the accessible name). */
export const labelled = (label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);

/**
 * GET /getParameter/{name} or /getParameter/{a,b,c} as the server answers it: one name gives that parameter
 * (404 when `values` lacks it); a comma list gives `{ data }` with the known ones in the asked order. Other
 * calls give undefined, so a handler can chain it: `parameterReply(call, values) ?? ...`.
 */
export const parameterReply = (call: Call, values: Record<string, string>): ReplyValue | undefined => {
  if (call.method !== 'GET' || !call.path.startsWith('/getParameter/')) return undefined;
  const raw = decodeURIComponent(call.path.slice('/getParameter/'.length));
  const names = raw
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (raw.includes(',')) {
    return {
      body: { data: names.filter((n) => n in values).map((name) => ({ name, value: values[name] })) },
    };
  }
  const name = names[0] ?? '';
  return name in values
    ? { body: { name, value: values[name] } }
    : { status: 404, body: { success: false, message: 'Not found' } };
};
