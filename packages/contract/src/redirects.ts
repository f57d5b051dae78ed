import { parseUrl } from './whatwg-url.ts';

/** How many rounds of percent-decoding a redirect target gets before it is judged (`%252F` is `/` after two). */
const DECODE_ROUNDS = 5;

const decodeFully = (value: string) => {
  let current = value;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
};

/** The path of `value` resolved against `origin` (dot segments gone, backslashes read as slashes), if it stays there. */
const resolvedPath = (value: string, origin: string) => {
  if (!value.startsWith('/')) return undefined;
  const url = parseUrl(value, origin);
  if (!url) return undefined;
  if (url.origin !== origin) return undefined;
  // A path that starts with two slashes (or a slash and a backslash) is another site's address to a router or a
  // browser (`//evil.example/phish`), although URL keeps it on this origin.
  if (/^\/[/\\]/.test(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
};

/**
 * A redirect target from an address bar or a link (`/login?redirectUrl=...`, spec 1 section 2.2), judged once for
 * the web app and the server: the same-origin path (with query and hash) it leads to, or undefined. It is judged
 * after normalising what a browser or router would: percent-encodings decoded repeatedly, dot segments resolved and
 * backslashes read as slashes against `origin`. `%2F..%2F%2Fevil.example%2Fphish`, `/.//evil`, `/%2e%2e//evil`,
 * `/home/..//evil` and `/\evil` all lead off the site and are refused (issue 21); the caller falls back to its
 * default target.
 */
export const sameOriginPath = (value: string | null | undefined, origin: string): string | undefined => {
  if (!value) return undefined;
  const judged = resolvedPath(decodeFully(value), origin);
  if (judged === undefined) return undefined;
  return resolvedPath(value, origin);
};
