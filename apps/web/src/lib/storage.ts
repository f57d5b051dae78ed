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

/**
 * Said on `window` when the navigation stores or clears the tag filter (session storage 'TagsInput'): a research
 * list already on screen (choosing "Energy Transition" while on /search) follows it at once instead of keeping the
 * filter it read when it was drawn (issue 21: the list stayed unfiltered). Storage events reach other tabs only.
 */
export const tagFilterChangedEvent = 'portal:tag-filter-changed';
