import { messages } from '@portal/contract';
import type { NavItem } from '../../features/site/api/nav-api.ts';

/** Fixed entries (negative ids: never the server's) for the signed-in reader's own lists. */
const link = (id: number, label: string, path: string): NavItem => ({
  id,
  type: 'link',
  label,
  path,
  children: [],
  tag: null,
});

/**
 * The research list (/search without a query: My Research and All Reports tabs) and Saved research. They are
 * the reader's own lists, so they do not depend on how an administrator built the menu.
 */
export const readerLinks: readonly NavItem[] = [
  link(-1, messages.readerLinks.researchList, '/search'),
  link(-2, messages.readerLinks.savedResearch, '/SavedResearches'),
];

const isResearch = (item: NavItem) => item.type === 'dropdown' && /^research$/i.test(item.label.trim());

/**
 * The server's menu with the reader's lists first in its Research dropdown (issue 11: the lists had no link
 * anywhere). A menu without a Research dropdown gets one of its own, first; signed-out visitors get the menu
 * as it is (both lists need a session).
 */
export const withReaderLinks = (items: readonly NavItem[], signedIn: boolean): readonly NavItem[] => {
  if (!signedIn) return items;
  const at = items.findIndex(isResearch);
  if (at < 0)
    return [
      { ...link(-3, 'Research', ''), type: 'dropdown', path: null, children: [...readerLinks] },
      ...items,
    ];
  return items.map((item, index) =>
    index === at ? { ...item, children: [...readerLinks, ...item.children] } : item,
  );
};
