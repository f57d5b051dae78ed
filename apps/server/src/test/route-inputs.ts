import { type ApiRoute, apiRoutes } from '@portal/contract';
import type { z } from 'zod';

/**
 * The input schemas of every registered route, as the app hands them to its validator compiler, and a walk over
 * their fields: the generated input tests (route-inputs.integration.test.ts) send bad values to every field of
 * every route of the contract's route table, so that a route added later is covered without a line of test.
 */

export type HttpPart = 'params' | 'querystring' | 'body';
const httpParts: readonly HttpPart[] = ['params', 'querystring', 'body'];

/** 'GET /api/reports' -> its zod schemas by part. */
const captured = new Map<string, Partial<Record<HttpPart, z.ZodType>>>();
const keyOf = (method: string, url: string) => `${method.toUpperCase()} ${url.toLowerCase()}`;

interface CompileArgs {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}

/**
 * Wraps fastify-type-provider-zod's validatorCompiler (the test mocks the module with it): Fastify calls it once
 * per route and part while the app is built, with the zod schema itself.
 */
export const recordingValidatorCompiler =
  <A extends CompileArgs, R>(original: (args: A) => R) =>
  (args: A): R => {
    if (httpParts.includes(args.httpPart as HttpPart)) {
      const entry = captured.get(keyOf(args.method, args.url)) ?? {};
      entry[args.httpPart as HttpPart] = args.schema as z.ZodType;
      captured.set(keyOf(args.method, args.url), entry);
    }
    return original(args);
  };

export interface RouteUnderTest {
  route: ApiRoute;
  /** the URL pattern as registered, e.g. '/api/reports/:id' */
  url: string;
  schemas: Partial<Record<HttpPart, z.ZodType>>;
}

/** Every route of the contract's table with the schemas its handler was registered with (none for some). */
export const routesUnderTest = (): RouteUnderTest[] => {
  if (captured.size === 0) throw new Error('No schemas were captured: is the validator compiler mocked?');
  return apiRoutes.map((route) => {
    const url = `/api${route.path}`;
    return { route, url, schemas: captured.get(keyOf(route.method, url)) ?? {} };
  });
};

// ---------------------------------------------------------------------------------------------------------
// Walking zod 4 schemas (their `_zod.def`): the fields of an input and what kind of value each takes.

export type FieldKind = 'text' | 'number' | 'enum' | 'literal' | 'boolean' | 'other';

export interface Field {
  /** the path inside the part, as the error reply names it ('email', 'a.b') */
  path: string[];
  kind: FieldKind;
  /** enum options or literal values, for building valid inputs */
  values: readonly unknown[];
  optional: boolean;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
  element?: z.ZodType;
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers whose input is their inner schema's input. */
const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The kind of value a (non-object) schema takes as input, looking through wrappers, pipes and unions. */
const kindOf = (schema: z.ZodType): { kind: FieldKind; values: readonly unknown[] } => {
  const def = defOf(schema);
  if (wrappers.has(def.type) && def.innerType) return kindOf(def.innerType);
  if (def.type === 'pipe' && def.in) {
    // z.preprocess (numberInput) is a pipe from a transform: what it takes is what its output schema takes.
    const input = kindOf(def.in);
    return input.kind === 'other' && defOf(def.in).type === 'transform' && def.out ? kindOf(def.out) : input;
  }
  if (def.type === 'lazy' && def.getter) return kindOf(def.getter());
  switch (def.type) {
    case 'string':
      return { kind: 'text', values: [] };
    case 'number':
    case 'int':
    case 'bigint':
      return { kind: 'number', values: [] };
    case 'boolean':
      return { kind: 'boolean', values: [] };
    case 'enum':
      return { kind: 'enum', values: Object.values(def.entries ?? {}) };
    case 'literal':
      return { kind: 'literal', values: def.values ?? [] };
    case 'union': {
      const kinds = (def.options ?? []).map(kindOf);
      const first = kinds[0];
      if (first && kinds.every((k) => k.kind === first.kind)) {
        return { kind: first.kind, values: kinds.flatMap((k) => k.values) };
      }
      return { kind: 'other', values: kinds.flatMap((k) => k.values) };
    }
    default:
      return { kind: 'other', values: [] };
  }
};

const isOptional = (schema: z.ZodType) => {
  const type = defOf(schema).type;
  return type === 'optional' || type === 'default' || type === 'prefault';
};

/** The object behind refinements, pipes and wrappers, if the schema is one. */
const objectOf = (schema: z.ZodType): Record<string, z.ZodType> | null => {
  const def = defOf(schema);
  if (def.type === 'object' && def.shape) return def.shape;
  if (wrappers.has(def.type) && def.innerType) return objectOf(def.innerType);
  if (def.type === 'pipe' && def.in) return objectOf(def.in);
  return null;
};

/** The leaf fields of an input schema (nested objects are walked; arrays and records are leaves). */
export const fieldsOf = (schema: z.ZodType, prefix: string[] = []): Field[] => {
  const shape = objectOf(schema);
  if (!shape) return [];
  return Object.entries(shape).flatMap(([name, field]) => {
    const path = [...prefix, name];
    if (objectOf(field)) return fieldsOf(field, path);
    return [{ path, ...kindOf(field), optional: isOptional(field) }];
  });
};

// ---------------------------------------------------------------------------------------------------------
// Valid path parameters: a body or query field is only validated once the path parameters pass.

/** Values tried for a path parameter until the whole params object passes (ids, report ids, image names). */
const paramCandidates = [
  '1',
  'S-1',
  'a.png',
  'a',
  'bEnableConnectBookings',
  `${'a'.repeat(10)}.${'b'.repeat(43)}`,
];

/** Path parameters that pass the route's params schema, or null when none of the candidates do. */
export const validParams = (entry: RouteUnderTest): Record<string, string> | null => {
  const schema = entry.schemas.params;
  const names = [...entry.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (!schema) return Object.fromEntries(names.map((n) => [n, entry.route.sample?.params?.[n] ?? '1']));
  const fields = new Map(fieldsOf(schema).map((f) => [f.path[0]!, f]));
  const options = names.map((name) => {
    const field = fields.get(name);
    const fromSchema = field?.values.filter((v) => typeof v === 'string') ?? [];
    const sample = entry.route.sample?.params?.[name];
    return [...fromSchema, ...(sample ? [sample] : []), ...paramCandidates] as string[];
  });
  // Every combination, first match wins (routes have at most two parameters).
  const combos = options.reduce<string[][]>(
    (acc, values) => acc.flatMap((combo) => values.map((value) => [...combo, value])),
    [[]],
  );
  for (const combo of combos) {
    const params = Object.fromEntries(names.map((name, i) => [name, combo[i]!]));
    if (schema.safeParse(params).success) return params;
  }
  return null;
};

/**
 * Percent-encoding that also takes lone surrogates (encodeURIComponent throws on them): each is sent as the three
 * bytes a careless encoder would produce (ED A0 80 for U+D800), which is not valid UTF-8.
 */
export const encodeText = (value: string) =>
  value
    .split(/([\ud800-\udfff])/u)
    .map((piece) => {
      if (piece.length !== 1 || !/[\ud800-\udfff]/u.test(piece)) return encodeURIComponent(piece);
      const code = piece.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');

/** The route's URL with these parameter values (percent-encoded unless `raw`). */
export const fillUrl = (url: string, params: Record<string, string>, raw: ReadonlySet<string> = new Set()) =>
  url.replace(/:(\w+)/g, (_m, name: string) =>
    raw.has(name) ? params[name]! : encodeText(params[name] ?? ''),
  );

/** Sets a value at a path inside a (copied) object. */
export const withValue = (
  base: unknown,
  path: readonly string[],
  value: unknown,
): Record<string, unknown> => {
  const root: Record<string, unknown> =
    base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  let node = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) node[key] = value;
    else {
      const next = node[key];
      node[key] = next && typeof next === 'object' ? { ...(next as Record<string, unknown>) } : {};
      node = node[key] as Record<string, unknown>;
    }
  });
  return root;
};
