import { messages } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, resetCsrfToken, setReloadHandler } from './api-client.ts';

const reply = (status: number, body: unknown, token = 'tok-1') =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-csrf-token': token },
  });

const stubFetch = (...responses: Array<Response | Error>) => {
  const fetchMock = vi.fn();
  for (const response of responses) {
    if (response instanceof Error) fetchMock.mockRejectedValueOnce(response);
    else fetchMock.mockResolvedValueOnce(response);
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};
const initOf = (fetchMock: ReturnType<typeof vi.fn>, index: number) =>
  (fetchMock.mock.calls[index]?.[1] ?? {}) as RequestInit;
const headersOf = (fetchMock: ReturnType<typeof vi.fn>, index: number) =>
  initOf(fetchMock, index).headers as Record<string, string>;

describe('api client', () => {
  afterEach(() => {
    resetCsrfToken();
    window.__PORTAL_CONFIG__ = undefined;
  });

  it('uses the runtime api base, sends credentials and remembers the CSRF token for state-changing calls', async () => {
    window.__PORTAL_CONFIG__ = { apiBase: 'https://api.example/api/' };
    const fetchMock = stubFetch(
      reply(200, { success: true, data: null }),
      reply(200, { success: true }, 'tok-2'),
      reply(200, {}),
    );
    await apiRequest('GET', '/users/me');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://api.example/api/users/me');
    expect(initOf(fetchMock, 0).credentials).toBe('include');
    expect(headersOf(fetchMock, 0)['x-csrf-token']).toBeUndefined();

    await apiRequest('POST', '/users/logout');
    expect(headersOf(fetchMock, 1)['x-csrf-token']).toBe('tok-1');
    // GET /verify does not change state: no token, and the query is encoded.
    await apiRequest('GET', '/verify', { query: { token: 'a b' } });
    expect(fetchMock.mock.calls[2]?.[0]).toBe('https://api.example/api/verify?token=a+b');
    expect(headersOf(fetchMock, 2)['x-csrf-token']).toBeUndefined();
  });

  it('makes a refused call once more with the token its refusal carried (the session changed), never twice', async () => {
    const fetchMock = stubFetch(
      reply(200, { success: true, data: null }, 'old'),
      reply(403, { success: false, message: messages.auth.csrfMissing }, 'new'),
      reply(200, { success: true, data: null }, 'new'),
      reply(403, { success: false, message: messages.auth.csrfMissing }, 'new'),
    );
    await apiRequest('GET', '/users/me');
    await apiRequest('POST', '/users/login', { body: {} });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(headersOf(fetchMock, 1)['x-csrf-token']).toBe('old');
    expect(headersOf(fetchMock, 2)['x-csrf-token']).toBe('new');
    // The same token refused again: no loop, the refusal is the answer.
    await expect(apiRequest('POST', '/users/login', { body: {} })).rejects.toThrow(messages.auth.csrfMissing);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('sends a FormData body as it is, with its own multipart type and the CSRF header', async () => {
    const fetchMock = stubFetch(reply(200, { success: true, data: null }), reply(200, {}));
    await apiRequest('GET', '/users/me');
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'x.png');
    await apiRequest('POST', '/posts/uploadImage', { body: form });
    expect(initOf(fetchMock, 1).body).toBe(form);
    expect(headersOf(fetchMock, 1)['content-type']).toBeUndefined();
    expect(headersOf(fetchMock, 1)['x-csrf-token']).toBe('tok-1');
  });

  it('throws ApiError with status, message, field errors and code', async () => {
    stubFetch(reply(400, { success: false, message: 'Bad', errors: { email: 'Bad', n: 3 }, code: 'x' }));
    const error = await apiRequest('POST', '/users/signup', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Bad', errors: { email: 'Bad' }, code: 'x' });
  });

  it('reports a network failure as status 0 with the internal-error text', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = (await apiRequest('GET', '/users/me').catch((e: unknown) => e)) as ApiError;
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe(messages.errors.internal);
  });

  it('reloads the page when a POST finds the session gone, but not for login or the current user', async () => {
    const reload = vi.fn();
    setReloadHandler(reload);
    stubFetch(
      reply(401, { success: false, message: messages.auth.signInRequired }),
      reply(401, { success: false, message: messages.auth.invalidCredentials }),
    );
    await expect(apiRequest('POST', '/users/changePassword', { body: {} })).rejects.toThrow(
      messages.auth.signInRequired,
    );
    expect(reload).toHaveBeenCalledTimes(1);
    await expect(apiRequest('POST', '/users/login', { body: {} })).rejects.toThrow(
      messages.auth.invalidCredentials,
    );
    expect(reload).toHaveBeenCalledTimes(1);
  });
  it('takes the reply of a call the page started (lib/boot.ts) once, for that GET only, and the token it carries', async () => {
    window.__PORTAL_CONFIG__ = { apiBase: '/api' };
    const started = Promise.resolve(reply(200, { success: true, data: { id: 7 } }, 'tok-boot'));
    window.__PORTAL_BOOT__ = { calls: { '/api/users/me': started, '/api/users/logout': started } };
    const fetchMock = stubFetch(reply(200, { success: true }), reply(200, { success: true, data: null }));
    expect(await apiRequest('GET', '/users/me')).toEqual({ success: true, data: { id: 7 } });
    expect(fetchMock).not.toHaveBeenCalled();
    // a state-changing call never takes a started reply, and sends the token the started reply carried
    await apiRequest('POST', '/users/logout');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(headersOf(fetchMock, 0)['x-csrf-token']).toBe('tok-boot');
    // taken once: the next read asks the server
    expect(await apiRequest('GET', '/users/me')).toEqual({ success: true, data: null });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    window.__PORTAL_BOOT__ = undefined;
  });

  it('asks the server itself when the call the page started failed', async () => {
    window.__PORTAL_CONFIG__ = { apiBase: '/api' };
    const failed = Promise.reject(new TypeError('network'));
    failed.catch(() => undefined);
    window.__PORTAL_BOOT__ = { calls: { '/api/content': failed } };
    const fetchMock = stubFetch(reply(200, { data: { html: '<p>x</p>' } }));
    expect(await apiRequest('GET', '/content')).toEqual({ data: { html: '<p>x</p>' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    window.__PORTAL_BOOT__ = undefined;
  });
});
