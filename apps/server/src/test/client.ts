import { csrf } from '@portal/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../types.ts';

type Method = NonNullable<InjectOptions['method']>;

/** A browser stand-in over app.inject: keeps cookies and the last CSRF token, like the web app does. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  csrfToken: string | undefined;

  constructor(private readonly app: App) {}

  async request(
    method: Method,
    url: string,
    options: {
      body?: unknown;
      csrf?: boolean;
      headers?: Record<string, string>;
      /** The client's IP address as the server sees it (default 127.0.0.1). */
      remoteAddress?: string;
    } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (options.csrf !== false && this.csrfToken) headers[csrf.header] = this.csrfToken;
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    });
    // Mail queued after the answer (see deferred-work.ts) is in the outbox by the time a test looks.
    await this.app.services.deferred.drain();
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }>) {
      const expired =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const token = response.headers[csrf.header];
    if (typeof token === 'string') this.csrfToken = token;
    return response;
  }

  get(url: string, options?: { csrf?: boolean }) {
    return this.request('GET', url, options);
  }

  post(url: string, body?: unknown, options?: { csrf?: boolean }) {
    return this.request('POST', url, { ...options, body });
  }

  /** Loads the CSRF token the way the web app does on start. */
  async start() {
    await this.get('/api/users/me');
    return this;
  }

  /** A new browser, signed in. */
  static async signedIn(app: App, email: string, password: string) {
    const client = new TestClient(app);
    await client.login(email, password);
    return client;
  }

  async login(email: string, password: string) {
    if (!this.csrfToken) await this.start();
    const response = await this.post('/api/users/login', { email, password });
    if (response.statusCode !== 200)
      throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
    return response;
  }
}
