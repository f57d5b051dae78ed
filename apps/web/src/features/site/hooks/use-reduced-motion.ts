import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';
const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

const subscribe = (onChange: () => void) => {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

/** True while the reader asks for reduced motion: nothing then moves by itself and scrolling is instant. */
export const useReducedMotion = () => useSyncExternalStore(subscribe, () => media()?.matches ?? false);
