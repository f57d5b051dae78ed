import { landingConstants } from '@portal/contract';
import { easeInOutQuad } from '../../../lib/easing.ts';

/** Spec 3 section 9 (and spec 1 section 9): smooth scroll 800 ms with an 80 px offset (contract constants). */
export const smoothScroll = {
  durationMs: landingConstants.scrollMs,
  offsetPx: landingConstants.scrollOffsetPx,
} as const;

/** The page's scroll position `elapsedMs` into a scroll from `from` to `to`. */
export const scrollPositionAt = (from: number, to: number, elapsedMs: number, durationMs: number) => {
  if (durationMs <= 0 || elapsedMs >= durationMs) return to;
  return from + (to - from) * easeInOutQuad(Math.max(0, elapsedMs) / durationMs);
};

/** Where the window must scroll so that `element` sits `offsetPx` below the top of the viewport. */
export const targetScrollTop = (element: Element, offsetPx: number = smoothScroll.offsetPx) => {
  const max = document.documentElement.scrollHeight - window.innerHeight;
  const wanted = element.getBoundingClientRect().top + window.scrollY - offsetPx;
  return Math.max(0, Math.min(wanted, Math.max(0, max)));
};

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Scrolls the window to `element` (80 px below the top) over 800 ms, then moves keyboard focus there without
 * scrolling again. With reduced motion preferred it jumps at once. Returns a function that cancels the scroll.
 */
export const scrollToElement = (
  element: HTMLElement,
  { durationMs = smoothScroll.durationMs, offsetPx = smoothScroll.offsetPx } = {},
) => {
  const from = window.scrollY;
  // Measured again on every frame: the page can still grow while it scrolls (the footer and pictures load
  // beside the content), and a target measured once would land short of the element.
  const target = () => targetScrollTop(element, offsetPx);
  const to = target();
  let frame = 0;
  const land = () => {
    window.scrollTo(0, target());
    if (!element.hasAttribute('tabindex') && element.tabIndex < 0) element.setAttribute('tabindex', '-1');
    element.focus({ preventScroll: true });
  };
  if (prefersReducedMotion() || durationMs <= 0 || from === to) {
    land();
    return () => {};
  }
  const start = performance.now();
  const step = (now: number) => {
    const elapsed = now - start;
    if (elapsed >= durationMs) {
      land();
      return;
    }
    window.scrollTo(0, scrollPositionAt(from, target(), elapsed, durationMs));
    frame = window.requestAnimationFrame(step);
  };
  frame = window.requestAnimationFrame(step);
  return () => window.cancelAnimationFrame(frame);
};
