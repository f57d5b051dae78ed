import { messages, type NavItem } from '@portal/contract';

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

/**
 * CONNECT (spec 3 section 2): event registration, analyst booking and the replays. The routes need a session (the route
 * table's access 'auth'; every signed-in reader may register and book, the server answers each refusal), so the
 * menu is a signed-in reader's only; without it the one way in was "Talk to the Analyst" on a report (issue 21).
 */
export const connectLinks: readonly NavItem[] = [
  link(-4, messages.readerLinks.connectEvents, '/connect/registration'),
  link(-5, messages.readerLinks.connectBooking, '/connect/appointment'),
  link(-7, messages.readerLinks.connectReplays, '/connect/videos'),
];
const connectMenu: NavItem = {
  ...link(-6, messages.readerLinks.connectMenu, ''),
  type: 'dropdown',
  path: null,
  children: [...connectLinks],
};
const isConnect = (item: NavItem) => item.type === 'dropdown' && /^connect$/i.test(item.label.trim());

const isResearch = (item: NavItem) => item.type === 'dropdown' && /^research$/i.test(item.label.trim());

/**
 * The server's menu with the reader's lists first in its Research dropdown (issue 11: the lists had no link
 * anywhere) and CONNECT's dropdown right after it (issue 21), unless the menu has a CONNECT dropdown of its own.
 * A menu without a Research dropdown gets one of its own, first; signed-out visitors get the menu as it is (the
 * lists and CONNECT need a session).
 */
export const withReaderLinks = (items: readonly NavItem[], signedIn: boolean): readonly NavItem[] => {
  if (!signedIn) return items;
  const connect = items.some(isConnect) ? [] : [connectMenu];
  const at = items.findIndex(isResearch);
  if (at < 0)
    return [
      { ...link(-3, 'Research', ''), type: 'dropdown', path: null, children: [...readerLinks] },
      ...connect,
      ...items,
    ];
  return items.flatMap((item, index) =>
    index === at ? [{ ...item, children: [...readerLinks, ...item.children] }, ...connect] : [item],
  );
};
