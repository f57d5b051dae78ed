/**
 * Storage access that never throws: private browsing modes and blocked storage make the Web Storage API
 * throw, and a missing remembered path must not break navigation.
 */
const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

export const localGet = (key: string) => safe(() => window.localStorage.getItem(key), null);
export const localSet = (key: string, value: string) =>
  safe(() => window.localStorage.setItem(key, value), undefined);
export const sessionClear = () => safe(() => window.sessionStorage.clear(), undefined);

export const readCookie = (name: string): string | undefined =>
  safe(() => {
    for (const part of document.cookie.split(';')) {
      const [key, ...rest] = part.trim().split('=');
      if (key === name) return decodeURIComponent(rest.join('='));
    }
    return undefined;
  }, undefined);

export const writeCookie = (name: string, value: string, maxAgeSeconds: number) =>
  safe(() => {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
    document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
  }, undefined);
