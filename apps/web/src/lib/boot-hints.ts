/**
 * Hints the server writes into the page it sends (apps/server/src/modules/web-document) for what the first
 * paint already shows, so the app's first screens can show the same: e.g. `hero`, the landing's first banner
 * picture in the boot splash. They describe the page as sent for the reader signed in at that moment: a sign-in
 * or sign-out forgets them (lib/session.ts).
 */
export const bootHint = (name: 'hero'): string | undefined =>
  document.querySelector<HTMLMetaElement>(`meta[name="portal-${name}"]`)?.content || undefined;

/** Drops every hint: the reader has changed since the page was sent. */
export const forgetBootHints = () => {
  for (const meta of document.querySelectorAll('meta[name^="portal-"]')) meta.remove();
};
