import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type ApiRoute, limits, mayCall, messages } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoPassword } from '../seed/accounts.ts';
import { catalogueFixtures } from './catalogue-fixtures.ts';
import { TestClient } from './client.ts';
import {
  encodeText,
  type Field,
  fieldsOf,
  fillUrl,
  type HttpPart,
  type RouteUnderTest,
  routesUnderTest,
  validParams,
  withValue,
} from './route-inputs.ts';
import { createTestApp, databaseDigest, type TestApp } from './test-app.ts';

// The app's zod schemas are captured as Fastify compiles them, so the cases below come from the route table and
// the schemas its handlers were registered with: a route or field added later is covered without a line here.
vi.mock('fastify-type-provider-zod', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify-type-provider-zod')>();
  const { recordingValidatorCompiler } = await import('./route-inputs.ts');
  return { ...original, validatorCompiler: recordingValidatorCompiler(original.validatorCompiler) };
});

let t: TestApp;
let dataDir: string;
let admin: TestClient;
let anonymous: TestClient;
let routes: RouteUnderTest[];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-inputs-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  // A public media folder that exists: a too-long name then reaches the file system (ENAMETOOLONG).
  await t.storage.put('analysts/1.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'image/png');
  // A little catalogue, so that bad input also reaches search, snippets and the viewer with rows to work on.
  const fx = await catalogueFixtures(t.db);
  const country = await fx.country('Japan', await fx.region('North Asia'));
  const sector = await fx.sector('Semiconductors');
  const analyst = await fx.analyst('Ada Lovelace', { sectorIds: [sector] });
  const company = await fx.company('Tokyo Electron', { countryId: country, sectorId: sector });
  for (const title of ['Semiconductor demand outlook', 'Ünïcödé 😀 résumé \u202e']) {
    await fx.report({
      title,
      publishedAt: '2029-12-01T00:00:00Z',
      bodyText: `${title}: semiconductor demand, wafer capacity and the yen. `.repeat(50),
      hashtags: ['chips'],
      sectorId: sector,
      analystIds: [analyst],
      companyIds: [company],
      countryIds: [country],
      freeAccess: true,
    });
  }
  admin = new TestClient(t.app);
  await admin.login('admin@demo.test', demoPassword);
  anonymous = await new TestClient(t.app).start();
  routes = routesUnderTest();
});
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const label = (route: ApiRoute) => `${route.method} ${route.path}`;
const errorsOf = (body: string): Record<string, string> | undefined => {
  try {
    return JSON.parse(body).errors;
  } catch {
    return undefined;
  }
};

interface Case {
  name: string;
  url: string;
  /** an object is sent as JSON; a string or Buffer as it is, with `contentType` */
  body?: unknown;
  contentType?: string;
  /** further request headers (Content-Encoding) */
  headers?: Record<string, string>;
}

const send = (client: TestClient, method: ApiRoute['method'], c: Case) =>
  client.request(method, c.url, {
    ...(c.body === undefined ? {} : { body: c.body }),
    headers: { ...(c.contentType ? { 'content-type': c.contentType } : {}), ...c.headers },
  });

/** A case that sets one field of one part to `value` (query and params values are text, percent-encoded). */
const fieldCase = (
  entry: RouteUnderTest,
  params: Record<string, string>,
  part: HttpPart,
  field: Field,
  value: unknown,
  name: string,
): Case => {
  const key = field.path.join('.');
  if (part === 'params') {
    return { name, url: fillUrl(entry.url, { ...params, [key]: String(value) }) };
  }
  if (part === 'querystring') {
    const query = `${encodeText(key)}=${encodeText(String(value))}`;
    return { name, url: `${fillUrl(entry.url, params)}?${query}` };
  }
  return {
    name,
    url: fillUrl(entry.url, params),
    body: withValue(entry.route.sample?.body, field.path, value),
  };
};

describe('control characters are refused on every text field of every route (issue 10, fault 4)', () => {
  it('captures the schemas of the route table', () => {
    const withInputs = routes.filter((r) => Object.keys(r.schemas).length > 0);
    // Most routes take input; a table route whose handler lost its schemas would show up in the sweep below.
    expect(withInputs.length).toBeGreaterThan(30);
    const reports = routes.find((r) => label(r.route) === 'GET /reports')!;
    expect(fieldsOf(reports.schemas.querystring!).map((f) => f.path.join('.'))).toEqual(
      expect.arrayContaining(['q', 'tags', 'region', 'dStart']),
    );
  });

  it('answers 400 with the field message for a NUL or another control character in any text field', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const entry of routes) {
      const params = validParams(entry);
      if (!params) {
        failures.push(`${label(entry.route)}: no valid path parameters could be built`);
        continue;
      }
      for (const part of ['params', 'querystring', 'body'] as const) {
        const schema = entry.schemas[part];
        if (!schema) continue;
        for (const field of fieldsOf(schema).filter((f) => f.kind === 'text')) {
          for (const value of ['a\u0000b', 'a\u001bb', 'a\u0085b']) {
            checked++;
            const c = fieldCase(entry, params, part, field, value, '');
            const response = await send(admin, entry.route.method, c);
            const key = field.path.join('.');
            if (
              response.statusCode !== 400 ||
              errorsOf(response.body)?.[key] !== messages.validation.controlCharacters
            ) {
              failures.push(
                `${label(entry.route)} ${part}.${key}=${JSON.stringify(value)}: ${response.statusCode} ${response.body.slice(0, 160)}`,
              );
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('keeps tab, CR and LF in a multi-line field, and refuses them in a single-line one', async () => {
    const form = {
      name: 'Ada',
      email: 'ada@engines.example',
      message: 'one\r\n\ttwo',
      captcha: 'x',
      type: 'Investor',
    };
    const lines = await anonymous.post('/api/aoi', form);
    expect(errorsOf(lines.body)?.message).toBeUndefined();
    const single = await anonymous.post('/api/aoi', { ...form, name: 'Ada\tLovelace' });
    expect(errorsOf(single.body)?.name).toBe(messages.validation.controlCharacters);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Generated bad input: 0 answers of 5xx.

const huge = 'x'.repeat(100_000);
/** Text that a query string or path parameter may carry. */
const textValues = [
  '',
  ' ',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\ud800',
  'a\udfffb',
  'a\u202eb\u200f',
  `e${'\u0301'.repeat(300)}`,
  '😀👩‍👩‍👧',
  '\uffff\ufffe',
  '\ufeff1',
  '-1',
  '0',
  '99999999999999999999',
  '2147483648',
  '1e309',
  'NaN',
  '0x1f',
  '1,2,,3',
  "' or 1=1 --",
  '%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'S-99999999999',
  'H--1',
  'a:b & !c | (d <-> e)',
  'x'.repeat(3000),
];
/** Values a JSON body may carry in a field. */
const jsonValues: unknown[] = [
  ...textValues,
  huge,
  0,
  -1,
  1.5,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  true,
  null,
  [],
  {},
  ['a'],
  { a: 'b' },
];
/** JSON nested `levels` deep: objects (`{"a":{"a":...1}}`) and arrays (`[[[...]]]`). */
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
/** Whole bodies sent as they are (as JSON unless another content type is given). */
const rawBodies: Array<{ name: string; body: string | Buffer; contentType: string }> = [
  { name: 'array', body: '[]', contentType: 'application/json' },
  { name: 'string', body: '"x"', contentType: 'application/json' },
  { name: 'number', body: '-1', contentType: 'application/json' },
  { name: 'null', body: 'null', contentType: 'application/json' },
  { name: 'malformed', body: '{"email":', contentType: 'application/json' },
  { name: 'trailing', body: '{"a":1}}', contentType: 'application/json' },
  { name: 'NUL', body: '\u0000', contentType: 'application/json' },
  {
    name: 'proto',
    body: '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}',
    contentType: 'application/json',
  },
  { name: 'deep array', body: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, contentType: 'application/json' },
  {
    name: 'deep object',
    body: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
    contentType: 'application/json',
  },
  {
    name: 'deep proto',
    body: `${'{"__proto__":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
    contentType: 'application/json',
  },
  {
    name: 'over the body limit',
    body: `{"a":"${'x'.repeat(1024 * 1024 + 10)}"}`,
    contentType: 'application/json',
  },
  {
    name: 'invalid UTF-8',
    body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    contentType: 'application/json',
  },
  { name: 'utf-16', body: '{}', contentType: 'application/json; charset=utf-16' },
  // issue 21: declared charsets other than UTF-8 (nesting past the parser's bound has its own sweep below)
  {
    name: 'utf-16 bytes',
    body: Buffer.from('{"id":1}', 'utf16le'),
    contentType: 'application/json; charset=utf-16le',
  },
  { name: 'latin-1', body: '{}', contentType: 'application/json; charset=iso-8859-1' },
  { name: 'text', body: 'email=a', contentType: 'text/plain' },
  { name: 'form', body: 'email=a%00&password=b', contentType: 'application/x-www-form-urlencoded' },
  {
    name: 'multipart',
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
    contentType: 'multipart/form-data; boundary=x',
  },
  { name: 'xml', body: '<a/>', contentType: 'application/xml' },
  { name: 'bad content type', body: '{}', contentType: 'application/json;;;charset==' },
];
/** Raw query strings and path segments (already encoded, some of them invalid). */
const rawEncoded = ['%ED%A0%80', '%FF%FE', '%', '%%00', '%C0%AE%C0%AE', 'a%2Fb', '%2e%2e'];

/** The cases for one route: every field with every value, whole bodies, raw encodings, junk query keys. */
const badInputCases = (entry: RouteUnderTest): Case[] => {
  const params = validParams(entry) ?? {};
  const base = fillUrl(entry.url, params);
  const cases: Case[] = [];
  for (const part of ['params', 'querystring', 'body'] as const) {
    const schema = entry.schemas[part];
    if (!schema) continue;
    for (const field of fieldsOf(schema)) {
      const key = field.path.join('.');
      const values = part === 'body' ? jsonValues : textValues;
      values.forEach((value, i) => {
        cases.push(fieldCase(entry, params, part, field, value, `${part}.${key}#${i}`));
      });
      // Query strings and path segments only: a JSON body has no percent-encoding.
      for (const raw of part === 'body' ? [] : rawEncoded) {
        cases.push(
          part === 'params'
            ? {
                name: `params.${key}=${raw}`,
                url: fillUrl(entry.url, { ...params, [key]: raw }, new Set([key])),
              }
            : { name: `query ${key}=${raw}`, url: `${base}?${encodeURIComponent(key)}=${raw}` },
        );
      }
      if (part === 'querystring')
        cases.push({ name: `query ${key} twice`, url: `${base}?${key}=1&${key}=2` });
    }
  }
  cases.push({
    name: 'junk query',
    url: `${base}?__proto__[x]=1&constructor=2&a[b][c]=3&${'k'.repeat(200)}=1`,
  });
  cases.push({ name: 'huge query', url: `${base}?q=${'x'.repeat(20_000)}` });
  if (entry.route.method !== 'GET') {
    for (const raw of rawBodies)
      cases.push({ name: `body ${raw.name}`, url: base, body: raw.body, contentType: raw.contentType });
  }
  return cases;
};

// ---------------------------------------------------------------------------------------------------------
// The body parser (issue 21): depth, charsets and content encodings are judged once, before any route, for every
// route that takes a body; numbers (ids above all) are never read from booleans.

// Sign-out (which ends the admin's session should a case get through) goes last.
const bodyRoutes = () =>
  routes
    .filter((entry) => entry.route.method !== 'GET')
    .sort((a, b) => Number(a.route.path === '/users/logout') - Number(b.route.path === '/users/logout'));
const reply = (response: { statusCode: number; body: string }) =>
  `${response.statusCode} ${response.body.slice(0, 160)}`;

// Before the generated sweep, which ends with the admin's sign-out.
describe('the body parser refuses what no route should see (issue 21)', () => {
  it('answers 400 with the depth message for JSON nested 5,000 and 100,000 levels, on every body route, and writes nothing', async () => {
    const before = await databaseDigest(t.db);
    const failures: string[] = [];
    const cases = [
      { name: '5,000 objects', body: deepObject(5_000) },
      { name: '5,000 arrays', body: deepArray(5_000) },
      { name: '100,000 objects', body: deepObject(100_000) },
      { name: '100,000 arrays', body: deepArray(100_000) },
      // One level past the bound is refused too; the bound itself passes the parser.
      { name: `${limits.jsonDepthMax + 1} levels`, body: deepObject(limits.jsonDepthMax + 1) },
    ];
    // The RFC 8058 one-click route (tokenOnly) leaves its body unread (subscription-mail.ts): nothing to parse.
    for (const entry of bodyRoutes().filter((e) => !('tokenOnly' in e.route && e.route.tokenOnly))) {
      const url = fillUrl(entry.url, validParams(entry) ?? {});
      for (const c of cases) {
        const response = await send(admin, entry.route.method, {
          name: c.name,
          url,
          body: c.body,
          contentType: 'application/json',
        });
        if (response.statusCode !== 400 || response.json().message !== messages.errors.bodyTooDeep) {
          failures.push(`${label(entry.route)} ${c.name}: ${reply(response)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(bodyRoutes().length).toBeGreaterThanOrEqual(40);
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it('lets JSON nested up to the bound through to the route', async () => {
    const response = await admin.post('/api/reports/save/', JSON.parse(deepObject(limits.jsonDepthMax)));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).not.toBe(messages.errors.bodyTooDeep);
  });

  it('answers 415 for a body declared in another charset than UTF-8, or with a Content-Encoding, on every body route', async () => {
    const failures: string[] = [];
    for (const entry of bodyRoutes()) {
      const url = fillUrl(entry.url, validParams(entry) ?? {});
      const json = JSON.stringify(entry.route.sample?.body ?? {});
      const cases: Array<Case & { message: string }> = [
        ...['utf-16', 'UTF-16LE', '"utf-32"', 'iso-8859-1', 'windows-1252', 'x-unknown'].map((charset) => ({
          name: `charset=${charset}`,
          url,
          body: charset.includes('16') ? Buffer.from(json, 'utf16le') : json,
          contentType: `application/json; charset=${charset}`,
          message: messages.errors.unsupportedCharset,
        })),
        ...['gzip', 'deflate', 'br', 'identity, gzip', 'x-custom'].map((encoding) => ({
          name: `Content-Encoding: ${encoding}`,
          url,
          body: encoding === 'gzip' ? gzipSync(json) : json,
          contentType: 'application/json',
          headers: { 'content-encoding': encoding },
          message: messages.errors.unsupportedEncoding,
        })),
        {
          name: 'gzip on a plain body',
          url,
          body: json,
          contentType: 'application/json',
          headers: { 'content-encoding': 'gzip' },
          message: messages.errors.unsupportedEncoding,
        },
      ];
      for (const client of [admin, anonymous]) {
        for (const c of cases) {
          const response = await send(client, entry.route.method, c);
          if (response.statusCode !== 415 || response.json().message !== c.message) {
            failures.push(`${label(entry.route)} ${c.name}: ${reply(response)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('takes UTF-8 and US-ASCII bodies, and Content-Encoding identity, as before', async () => {
    const accepted: Array<Record<string, string>> = [
      { 'content-type': 'application/json; charset=utf-8' },
      { 'content-type': 'application/json; charset="UTF-8"' },
      { 'content-type': 'application/json; charset=us-ascii' },
      { 'content-type': 'application/json', 'content-encoding': 'identity' },
    ];
    for (const headers of accepted) {
      const response = await admin.request('POST', '/api/reports/save/', {
        body: JSON.stringify({ id: 999_999, status: 1 }),
        headers,
      });
      expect([200, 404], reply(response)).toContain(response.statusCode);
    }
  });

  it('never reads a number (an id) from a boolean, an empty string, an array or hex text: 400 naming the field, on every route', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const entry of routes) {
      const params = validParams(entry);
      if (!params) continue;
      for (const part of ['params', 'querystring', 'body'] as const) {
        const schema = entry.schemas[part];
        if (!schema) continue;
        for (const field of fieldsOf(schema).filter((f) => f.kind === 'number')) {
          const values: unknown[] =
            part === 'body' ? [true, false, '', [], [1], ' ', '0x1f', '1e3'] : ['true', 'false', '0x1f', ' '];
          for (const value of values) {
            checked++;
            const c = fieldCase(entry, params, part, field, value, '');
            const response = await send(admin, entry.route.method, c);
            const key = field.path.join('.');
            if (response.statusCode !== 400 || errorsOf(response.body)?.[key] === undefined) {
              failures.push(
                `${label(entry.route)} ${part}.${key}=${JSON.stringify(value)}: ${reply(response)}`,
              );
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  it('{"id": true} is not report 1 (POST /reports/save/) nor registrant 1 (uniqueLink)', async () => {
    for (const [url, body] of [
      ['/api/reports/save/', { id: true, status: 1 }],
      ['/api/connect/approvalEvent/1/1/uniqueLink', { id: true }],
    ] as const) {
      const response = await admin.post(url, body);
      expect(response.statusCode, reply(response)).toBe(400);
      expect(errorsOf(response.body)?.id).toBeDefined();
    }
  });
});

describe('generated bad input over the whole route table (issue 10)', () => {
  it('never answers 5xx, anonymous or admin', async () => {
    const failures: string[] = [];
    let sent = 0;
    // Sign-out ends the admin's session: it goes last.
    const ordered = [...routes].sort(
      (a, b) => Number(a.route.path === '/users/logout') - Number(b.route.path === '/users/logout'),
    );
    for (const [role, client] of [
      ['anonymous', anonymous],
      ['admin', admin],
    ] as const) {
      for (const entry of ordered) {
        // A caller the route refuses (401/403 before validation) gets a sample of the cases, to keep this fast.
        const refused = !mayCall(entry.route, role);
        for (const c of badInputCases(entry).filter((_c, i) => !refused || i % 5 === 0)) {
          sent++;
          const response = await send(client, entry.route.method, c);
          if (response.statusCode >= 500) {
            failures.push(
              `${role} ${label(entry.route)} ${c.name}: ${response.statusCode} ${response.body.slice(0, 160)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  });
});

describe('long media names (issue 10, fault 5)', () => {
  it.each([252, 600])('a name of %i characters answers 404 or 400, signed in or not', async (length) => {
    for (const client of [anonymous, admin]) {
      const response = await client.get(`/api/media/analysts/${'a'.repeat(length)}.png`);
      expect([400, 404], response.body).toContain(response.statusCode);
    }
  });

  it('still serves a stored image', async () => {
    const response = await anonymous.get('/api/media/analysts/1.png');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });
});
