import { storageKeys } from '@portal/contract';
import { useCallback, useEffect, useState } from 'react';
import { tagFilterChangedEvent } from '../../../lib/storage.ts';

const read = (): string[] => {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(storageKeys.tagsInput) ?? '[]');
    return Array.isArray(value)
      ? value.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '')
      : [];
  } catch {
    return [];
  }
};

/** The tag filter, kept in session storage under 'TagsInput' (spec 1 section 9) so it survives navigation. */
export const useStoredTags = () => {
  const [tags, setTagsState] = useState<string[]>(read);
  // A navigation item's tag chosen while this list is on screen: the list follows the stored filter.
  useEffect(() => {
    const follow = () => setTagsState(read());
    window.addEventListener(tagFilterChangedEvent, follow);
    return () => window.removeEventListener(tagFilterChangedEvent, follow);
  }, []);
  const setTags = useCallback((next: string[]) => {
    const clean = next.map((tag) => tag.trim()).filter(Boolean);
    setTagsState(clean);
    try {
      window.sessionStorage.setItem(storageKeys.tagsInput, JSON.stringify(clean));
    } catch {
      // Blocked storage: the filter still works for this page.
    }
  }, []);
  return [tags, setTags] as const;
};
