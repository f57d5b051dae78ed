import { useCallbackRef, useReducedMotion, useScrollIntoView } from '@mantine/hooks';
import { landingConstants } from '@portal/contract';
import { useCallback, useRef } from 'react';

/**
 * Spec 1 section 2.6, spec 3 sections 2 and 9: a smooth scroll of the window (800 ms, ease in and out) that
 * leaves `element` 80 px below the top (the contract's constants), at once when the reader prefers reduced
 * motion; a wheel or touch move of the reader's stops it. Once there, the keyboard focus moves to the element
 * without scrolling again, so that Tab goes on from it. Returns the function that starts the scroll (a new one
 * cancels the scroll under way; leaving the page cancels it too).
 */
export function useScrollToElement() {
  // Read at once, not after mounting: a page drawn from the cache scrolls in its first effect.
  const reduced = useReducedMotion(undefined, { getInitialValueInEffect: false });
  const landing = useRef<HTMLElement | null>(null);
  const land = useCallback(() => {
    const element = landing.current;
    if (!element) return;
    // Mantine's last frame can come after the duration, where its easing (not capped at 1) falls short of the
    // end (a frame 10% late lands 2% short), and the page may have grown meanwhile: the browser's own scroll
    // puts the element exactly at the offset, kept as its scroll margin.
    element.style.scrollMarginTop = `${landingConstants.scrollOffsetPx}px`;
    element.scrollIntoView({ block: 'start', behavior: 'instant' });
    if (!element.hasAttribute('tabindex') && element.tabIndex < 0) element.setAttribute('tabindex', '-1');
    element.focus({ preventScroll: true });
  }, []);
  const { scrollIntoView, targetRef } = useScrollIntoView<HTMLElement>({
    duration: reduced ? 0 : landingConstants.scrollMs,
    offset: landingConstants.scrollOffsetPx,
    onScrollFinish: land,
  });
  // One function for the page's life: Mantine's scrollIntoView changes when its own reduced-motion reading
  // arrives after mounting, which must not start the scroll again.
  return useCallbackRef((element: HTMLElement) => {
    landing.current = element;
    targetRef.current = element;
    scrollIntoView({ alignment: 'start' });
  });
}
