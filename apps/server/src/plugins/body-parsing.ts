import { limits, messages } from '@portal/contract';
import type { App } from '../types.ts';
import { RequestRefused } from './errors.ts';

/** Charsets a request body may declare: JSON is UTF-8 (RFC 8259), and US-ASCII is a subset of it. */
const acceptedCharsets = new Set(['utf-8', 'utf8', 'us-ascii']);

/** The `charset` parameter of a Content-Type header, lower-cased and unquoted; undefined when it has none. */
export const charsetOf = (contentType: string | undefined) => {
  if (!contentType) return undefined;
  for (const parameter of contentType.split(';').slice(1)) {
    const [name, ...value] = parameter.split('=');
    if (name?.trim().toLowerCase() === 'charset') {
      return value
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase();
    }
  }
  return undefined;
};

/** Content-Encoding values that leave the body as it is: none, or only `identity`. */
const isIdentityEncoding = (header: string | string[] | undefined) =>
  header === undefined ||
  [header]
    .flat()
    .flatMap((value) => value.split(','))
    .every((coding) => ['', 'identity'].includes(coding.trim().toLowerCase()));

/**
 * The deepest nesting of arrays and objects in JSON text, counted in one pass over the characters (strings
 * skipped), stopping as soon as `max` is passed: no recursion, so any depth costs no more than its length.
 */
export const jsonDepthExceeds = (text: string, max: number) => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
};

/**
 * How every request body is read, for every route (issue 21): a body in another charset than UTF-8 or with a
 * Content-Encoding (gzip, ...) is refused with 415 before it is parsed, since it would otherwise be read as plain
 * UTF-8; JSON nested deeper than `limits.jsonDepthMax` is refused with 400 before it is parsed, so no handler (a
 * recursive check, a serializer) ever walks it. An empty body labelled as JSON (a body-less POST, logout) is no
 * body.
 */
export const bodyParsingPlugin = (app: App) => {
  app.addHook('onRequest', async (request) => {
    if (!isIdentityEncoding(request.headers['content-encoding'])) {
      throw new RequestRefused(415, messages.errors.unsupportedEncoding);
    }
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== undefined && !acceptedCharsets.has(charset)) {
      throw new RequestRefused(415, messages.errors.unsupportedCharset);
    }
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    if (jsonDepthExceeds(text, limits.jsonDepthMax)) {
      return done(new RequestRefused(400, messages.errors.bodyTooDeep), undefined);
    }
    parseJson(request, text, done);
  });
};
