import { type RefObject, useEffect, useState } from 'react';

/** Spec 1 sections 2.7 and 9: the document area's height offsets (window height minus these). */
export const viewerHeightOffsets = {
  normal: 180,
  externalPdf: 140,
  fullScreen: 94,
  fullScreenCompact: 70,
} as const;

export type ViewerHeightMode = keyof typeof viewerHeightOffsets;

/**
 * The viewer height for a window height: the spec's offset, but never so tall that the document runs past the
 * bottom of the window when the page cannot scroll (`top`: where the document starts, when known), and never
 * below 240 px, so a tiny window still shows a usable document.
 */
export const viewerHeightFor = (windowHeight: number, mode: ViewerHeightMode, top?: number) =>
  Math.max(
    240,
    Math.min(
      windowHeight - viewerHeightOffsets[mode],
      top === undefined ? Infinity : windowHeight - top - 16,
    ),
  );

// Where the body does not scroll (report-page CSS, from 768 px up) the document must end inside the window: a
// header that wraps onto two lines on a tablet would otherwise push its bottom out of reach.
const pageCannotScroll = () => window.matchMedia('(min-width: 768px)').matches;

/**
 * The document area's height, re-evaluated every second as the spec asks (a resize, an on-screen keyboard or a
 * browser bar appearing all change the window height without always firing a resize event).
 */
export function useViewerHeight(mode: ViewerHeightMode, documentRef?: RefObject<HTMLElement | null>) {
  const [height, setHeight] = useState(() => viewerHeightFor(window.innerHeight, mode));
  useEffect(() => {
    const update = () => {
      // Where the page scrolls (a phone), the document still ends inside the first screen, so that what sits at
      // its bottom (the PDF's zoom buttons, the end of a sheet's rows) is in view without scrolling the page.
      const element = documentRef?.current;
      const top = element
        ? element.getBoundingClientRect().top + (pageCannotScroll() ? 0 : window.scrollY)
        : undefined;
      setHeight(viewerHeightFor(window.innerHeight, mode, top));
    };
    update();
    const timer = window.setInterval(update, 1000);
    window.addEventListener('resize', update);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('resize', update);
    };
  }, [mode, documentRef]);
  return height;
}
