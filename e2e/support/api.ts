/** Calls the portal API directly, the way the SPA does, to set up state a test is not about. */
import { type APIRequestContext, expect } from '@playwright/test';

export const accountPassword = 'Journey-pass-1';

/** The CSRF token the server hands out on every API reply (bound to this context's session or nonce cookie). */
export async function csrfToken(request: APIRequestContext) {
  const me = await request.get('/api/users/me');
  const token = me.headers()['x-csrf-token'];
  expect(token, 'x-csrf-token header of GET /api/users/me').toBeTruthy();
  return token!;
}

/** Signs up through the API (with the CSRF header the SPA sends). */
export async function signUpThroughApi(request: APIRequestContext, email: string) {
  const res = await request.post('/api/users/signup', {
    headers: { 'x-csrf-token': await csrfToken(request) },
    data: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Acme Capital',
      email,
      password: accountPassword,
      confirmPassword: accountPassword,
      acceptTandC: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}
