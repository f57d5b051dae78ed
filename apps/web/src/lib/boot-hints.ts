/**
 * Hints the server writes into the page it sends (apps/server/src/modules/web-document) for what the first
 * paint already shows, so the app's first screens can show the same: e.g. `hero`, the landing's first banner
 * picture in the boot splash.
 */
export const bootHint = (name: 'hero'): string | undefined =>
  document.querySelector<HTMLMetaElement>(`meta[name="portal-${name}"]`)?.content || undefined;
