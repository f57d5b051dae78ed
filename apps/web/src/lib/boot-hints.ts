/**
 * Hints the server writes into the page it sends (apps/server/src/modules/web-document) for what the first
 * paint already shows, so the app's first screens can show the same: e.g. `hero`, the landing's first banner
 * picture in the boot splash. They describe the page as sent for the reader signed in at that moment: a sign-in
 * or sign-out forgets them (lib/session.ts).
 */
export const bootHint = (name: 'hero'): string | undefined =>
  document.querySelector<HTMLMetaElement>(`meta[name="portal-${name}"]`)?.content || undefined;

let painted: Element | null | undefined;

/**
 * The page the server painted in the boot splash (About's text: `portal-painted`), taken before the app's first
 * render replaces the splash so that its loader can go on showing the very same node (components/boot-splash).
 */
export const paintedContent = (): Element | null => {
  if (painted === undefined) painted = document.querySelector('.portal-splash > .portal-painted');
  return painted;
};

/** Drops every hint: the reader has changed since the page was sent. */
export const forgetBootHints = () => {
  painted = null;
  for (const meta of document.querySelectorAll('meta[name^="portal-"]')) meta.remove();
};
