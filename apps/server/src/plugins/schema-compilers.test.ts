import { reportsReply } from '@portal/contract';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { readsTheSameBothWays, replySerializer, requestValidator } from './schema-compilers.ts';

const serializerOf = (schema: z.ZodType) =>
  replySerializer({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const validatorOf = (schema: z.ZodType) =>
  requestValidator({ schema, method: 'GET', url: '/x', httpPart: 'querystring' });

const iso = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

describe('readsTheSameBothWays', () => {
  it('holds for plain objects, arrays, unions, records, nullable and lazy parts', () => {
    const node: z.ZodType = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));
    expect(
      readsTheSameBothWays(
        z.object({
          a: z.string().min(1),
          b: z.array(z.number().int()).max(3),
          c: z.union([z.literal('x'), z.null()]),
          d: z.record(z.string(), z.boolean()).optional(),
          e: z.discriminatedUnion('k', [z.object({ k: z.literal(1) }), z.object({ k: z.literal(2) })]),
          tree: node,
        }),
      ),
    ).toBe(true);
    expect(readsTheSameBothWays(reportsReply)).toBe(true);
  });

  it('fails for a codec, pipe, transform, default, catch or readonly anywhere inside', () => {
    for (const part of [
      iso,
      z.string().transform((s) => s.length),
      z.string().pipe(z.string()),
      z.string().default('x'),
      z.string().catch('x'),
      z.array(z.string()).readonly(),
      z.string().overwrite((s) => s.trim()),
    ]) {
      expect(readsTheSameBothWays(z.object({ deep: z.array(z.object({ part })) }))).toBe(false);
    }
    const node: z.ZodType = z.lazy(() => z.object({ at: iso, children: z.array(node) }));
    expect(readsTheSameBothWays(node)).toBe(false);
  });
});

describe('replySerializer', () => {
  it('writes the schema’s fields only, as JSON', () => {
    const write = serializerOf(z.object({ id: z.number(), tags: z.array(z.object({ n: z.string() })) }));
    expect(write({ id: 1, secret: 'x', tags: [{ n: 'a', extra: 2 }] })).toBe('{"id":1,"tags":[{"n":"a"}]}');
  });

  it('refuses a reply that breaks its schema, with the route named', () => {
    const write = serializerOf(z.object({ id: z.number() }));
    expect(() => write({ id: 'one' })).toThrow(ResponseSerializationError);
  });

  it('encodes a schema with codecs (a Date becomes its ISO text)', () => {
    const write = serializerOf(z.object({ at: iso }));
    expect(write({ at: new Date(Date.UTC(2026, 0, 2)) })).toBe('{"at":"2026-01-02T00:00:00.000Z"}');
  });
});

describe('requestValidator', () => {
  it('parses with the schema’s transforms and defaults, and refuses as zod does', () => {
    const validate = validatorOf(z.object({ n: z.coerce.number().int(), sort: z.string().default('asc') }));
    expect(validate({ n: '3' })).toEqual({ value: { n: 3, sort: 'asc' } });
    const refused = validate({ n: 'x' }) as { error?: { instancePath: string; keyword: string }[] };
    expect(refused.error?.map((e) => [e.instancePath, e.keyword])).toEqual([['/n', 'invalid_type']]);
  });
});
