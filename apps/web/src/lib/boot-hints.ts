/**
 * Hints the server writes into the page it sends (apps/server/src/modules/web-document) for what the first
 * paint already shows, so the app's first screens can show the same: e.g. `hero`, the landing's first banner
 * picture in the boot splash. They describe the page as sent for the reader signed in at that moment: a sign-in
 * or sign-out forgets them (lib/session.ts).
 */
export const bootHint = (name: 'hero'): string | undefined =>
  document.querySelector<HTMLMetaElement>(`meta[name="portal-${name}"]`)?.content || undefined;

let painted: Element | null | undefined;
let firstPage: string | null | undefined;

/** The page the server painted in the splash: About's text, or the viewer's first page (`portal-painted-report`). */
const paintedSelector = '.portal-splash > .portal-painted, .portal-splash > .portal-painted-report';

/**
 * The page the server painted in the boot splash (About's text: `portal-painted`), taken before the app's first
 * render replaces the splash so that its loader can go on showing the very same node (components/boot-splash).
 */
export const paintedContent = (): Element | null => {
  if (painted === undefined) {
    painted = document.querySelector(paintedSelector);
    paintedFirstPage('');
  }
  return painted;
};

/**
 * The picture of a report's first page the server drew in the viewer's page (GET /report/{id}/firstPage), when the
 * page was sent with it and it is `call`'s (the report on screen): the viewer shows it in the page's place until
 * pdf.js has drawn the page.
 */
export const paintedFirstPage = (call: string): string | undefined => {
  if (firstPage === undefined)
    firstPage =
      document.querySelector<HTMLImageElement>('.portal-painted-report img')?.getAttribute('src') ?? null;
  return firstPage?.endsWith(call) ? firstPage : undefined;
};

/** Drops every hint: the reader has changed since the page was sent. */
export const forgetBootHints = () => {
  painted = null;
  firstPage = null;
  for (const meta of document.querySelectorAll('meta[name^="portal-"]')) meta.remove();
};
