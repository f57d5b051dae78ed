import { useEffect } from 'react';
import { getRuntimeConfig } from './runtime-config.ts';

/** Names the document after the screen, so history entries and screen readers announce the page. */
export const usePageTitle = (title: string) => {
  useEffect(() => {
    const firm = getRuntimeConfig().firm.name;
    document.title = title ? `${title} | ${firm}` : firm;
  }, [title]);
};
