import { useCallback, useEffect, useState } from 'react';

/** Marks the strip that reveals the header: a click on it must not count as the click that hides it. */
export const revealStripAttribute = 'data-reveal-strip';

export const siteHeader = () => document.querySelector<HTMLElement>('#root header');

/**
 * Spec 1 section 2.3: in full-screen mode the site header is covered and appears when the pointer reaches a strip
 * at the top; it hides again when the pointer leaves it or on a click. While covered it is inert, so keyboard
 * focus cannot land on links nobody can see; the strip is a button for keyboard users.
 */
export function useFullScreenHeader(fullScreen: boolean) {
  const [revealed, setRevealed] = useState(false);
  const [offset, setOffset] = useState(0);

  const reveal = useCallback(() => {
    setOffset(siteHeader()?.getBoundingClientRect().height ?? 0);
    setRevealed(true);
  }, []);
  const hide = useCallback(() => setRevealed(false), []);

  useEffect(() => {
    if (!fullScreen) setRevealed(false);
  }, [fullScreen]);

  useEffect(() => {
    const header = siteHeader();
    if (!header || !fullScreen) return;
    header.inert = !revealed;
    return () => {
      header.inert = false;
    };
  }, [fullScreen, revealed]);

  useEffect(() => {
    if (!revealed) return;
    const onMove = (event: MouseEvent) => {
      if (event.clientY > offset + 12) setRevealed(false);
    };
    // A click anywhere (a link in the header included) hides it again, after the click has done its work.
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest(`[${revealStripAttribute}]`)) return;
      window.setTimeout(() => setRevealed(false), 0);
    };
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof Node && !siteHeader()?.contains(event.target)) setRevealed(false);
    };
    window.addEventListener('mousemove', onMove);
    window.addEventListener('click', onClick);
    window.addEventListener('focusin', onFocus);
    return () => {
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('click', onClick);
      window.removeEventListener('focusin', onFocus);
    };
  }, [revealed, offset]);

  return { revealed, offset: revealed ? offset : 0, reveal, hide };
}
