import { storageKeys } from '@portal/contract';
import { tagFilterChangedEvent } from './storage.ts';

/**
 * Spec 1 section 2.3: choosing a navigation item that carries a tag stores it in session storage (the research
 * lists read it as their tag filter, key TagsInput); choosing any other item clears it. A list already on screen
 * is told (tagFilterChangedEvent) and follows.
 */
export const applyNavTag = (tag: string | null | undefined) => {
  try {
    const clean = tag?.trim();
    if (clean) window.sessionStorage.setItem(storageKeys.tagsInput, JSON.stringify([clean]));
    else window.sessionStorage.removeItem(storageKeys.tagsInput);
  } catch {
    // Blocked storage: navigation still works, only the filter is not carried over.
  }
  window.dispatchEvent(new Event(tagFilterChangedEvent));
};
