import type { NavItem as NavEntry } from '@portal/contract';
import { IconChevronDown } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { applyNavTag } from '../../lib/nav-tag.ts';
import { safeRelativeUrl } from '../../lib/session.ts';
import classes from './site-header.module.css';

/** Menu paths come from the server (site management): only same-origin paths become links. */
const navTarget = (path: string | null | undefined) => safeRelativeUrl(path) ?? '/';

type FocusWish = 'first' | 'last';

interface MenuContext {
  /** An entry was chosen: store or clear its tag, close every menu, let the header close its panel. */
  choose: (entry: NavEntry) => void;
  /** The modal entry: open the area-of-interest modal. */
  openModal: (entry: NavEntry) => void;
  /** Tab out of any menu: every menu closes and the open dropdown's button keeps the place in the tab order. */
  closeAll: () => void;
}

/** Dropdowns without entries (favourites before any exist, or an empty server dropdown) are not shown. */
const isShown = (item: NavEntry) => item.type === 'link' || item.type === 'modal' || item.children.length > 0;

// 12 px with a 1.6 px line: tabler draws on a 24-unit grid, so the stroke is given in those units (3.2).
const Chevron = ({ side }: { side?: boolean }) => (
  <IconChevronDown
    className={classes.chevron}
    data-side={side || undefined}
    size={12}
    stroke={3.2}
    aria-hidden="true"
  />
);

// A menu's children are its items, or wrappers (role none) holding a submenu's item and its menu.
const menuItemsOf = (menu: HTMLElement) =>
  [...menu.children]
    .map((child) => (child.getAttribute('role') === 'menuitem' ? child : child.firstElementChild))
    .filter((el): el is HTMLElement => el instanceof HTMLElement && el.getAttribute('role') === 'menuitem');

interface MenuListProps {
  id: string;
  label: string;
  entries: readonly NavEntry[];
  focus: FocusWish;
  /** Close this menu; with `returnFocus` its trigger gets the focus back. */
  close: (returnFocus: boolean) => void;
  nested: boolean;
  ctx: MenuContext;
}

/** A menu of the menu-button pattern: arrow keys, Home and End move, Escape (and ArrowLeft when nested) close. */
function MenuList({ id, label, entries, focus, close, nested, ctx }: MenuListProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const items = ref.current ? menuItemsOf(ref.current) : [];
    (focus === 'last' ? items.at(-1) : items[0])?.focus();
  }, [focus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItemsOf(event.currentTarget);
    const index = items.indexOf(event.target as HTMLElement);
    // Keys pressed inside a nested menu are that menu's business.
    if (index < 0) return;
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    const handled: Record<string, () => void> = {
      ArrowDown: () => move(index + 1),
      ArrowUp: () => move(index - 1),
      Home: () => move(0),
      End: () => move(items.length - 1),
      Escape: () => close(true),
      ...(nested ? { ArrowLeft: () => close(true) } : {}),
    };
    const action = handled[event.key];
    if (event.key === 'Tab') {
      ctx.closeAll();
      return;
    }
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };

  return (
    <div ref={ref} id={id} role="menu" aria-label={label} className={classes.menu} onKeyDown={onKeyDown}>
      {entries
        .filter((entry) => isShown(entry))
        .map((entry) => (
          <MenuEntry key={entry.id} entry={entry} ctx={ctx} />
        ))}
    </div>
  );
}

function MenuEntry({ entry, ctx }: { entry: NavEntry; ctx: MenuContext }) {
  if (entry.type === 'dropdown' || entry.type === 'favourites') return <SubMenu item={entry} ctx={ctx} />;
  if (entry.type === 'modal')
    return (
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className={classes.menuItem}
        onClick={() => ctx.openModal(entry)}
      >
        {entry.label}
      </button>
    );
  return (
    <Link
      role="menuitem"
      tabIndex={-1}
      to={navTarget(entry.path)}
      className={classes.menuItem}
      onClick={() => ctx.choose(entry)}
    >
      {entry.label}
    </Link>
  );
}

/** A dropdown inside a menu: opens to the side (stacked on small screens) with a click, Enter, Space or ArrowRight. */
function SubMenu({ item, ctx }: { item: NavEntry; ctx: MenuContext }) {
  const [open, setOpen] = useState<FocusWish | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();
  const openMenu = () => setOpen('first');
  return (
    <div role="none" className={classes.subEntry}>
      <button
        ref={trigger}
        type="button"
        role="menuitem"
        tabIndex={-1}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? id : undefined}
        className={classes.menuItem}
        onClick={() => (open ? setOpen(null) : openMenu())}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowRight') return;
          event.preventDefault();
          event.stopPropagation();
          openMenu();
        }}
      >
        {item.label}
        <Chevron side />
      </button>
      {open && (
        <MenuList
          id={id}
          label={item.label}
          entries={item.children}
          focus={open}
          nested
          ctx={ctx}
          close={(returnFocus) => {
            setOpen(null);
            if (returnFocus) trigger.current?.focus();
          }}
        />
      )}
    </div>
  );
}

interface TopDropdownProps {
  item: NavEntry;
  open: FocusWish | null;
  setOpen: (open: FocusWish | null) => void;
  ctx: MenuContext;
}

function TopDropdown({ item, open, setOpen, ctx }: TopDropdownProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();
  return (
    <li className={classes.navItem}>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? id : undefined}
        className={classes.navButton}
        data-nav-trigger
        onClick={() => setOpen(open ? null : 'first')}
        onKeyDown={(event) => {
          const wish = event.key === 'ArrowDown' ? 'first' : event.key === 'ArrowUp' ? 'last' : null;
          if (!wish) return;
          event.preventDefault();
          setOpen(wish);
        }}
      >
        {item.label}
        <Chevron />
      </button>
      {open && (
        <MenuList
          id={id}
          label={item.label}
          entries={item.children}
          focus={open}
          nested={false}
          ctx={ctx}
          close={(returnFocus) => {
            setOpen(null);
            if (returnFocus) trigger.current?.focus();
          }}
        />
      )}
    </li>
  );
}

interface NavMenuProps {
  items: readonly NavEntry[];
  /** After an entry is chosen (the header closes its mobile panel). */
  onChoose?: () => void;
  onOpenModal: () => void;
  /** The landmark's name: 'Main' for the site's menu; the user menu is a navigation of its own. */
  label?: string;
}

/**
 * The server-driven main navigation (spec 1 section 2.3): links, dropdowns nested to any depth, the favourites
 * dropdown and the modal entry. Top-level dropdowns are menu buttons; one is open at a time, and a click
 * outside, a change of page, Tab or Escape closes it.
 */
export function NavMenu({ items, onChoose, onOpenModal, label = 'Main' }: NavMenuProps) {
  const [openTop, setOpenTop] = useState<{ index: number; focus: FocusWish } | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: menus close whenever the page changes
  useEffect(() => {
    setOpenTop(null);
  }, [pathname]);

  useEffect(() => {
    if (!openTop) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenTop(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openTop]);

  const ctx: MenuContext = {
    choose: (entry) => {
      applyNavTag(entry.tag);
      setOpenTop(null);
      onChoose?.();
    },
    openModal: (entry) => {
      applyNavTag(entry.tag);
      // The modal gives focus back to what had it: the dropdown's button, not an item about to disappear.
      ctx.closeAll();
      onOpenModal();
    },
    closeAll: () => {
      if (openTop)
        navRef.current?.querySelectorAll<HTMLElement>('[data-nav-trigger]')[openTop.index]?.focus();
      setOpenTop(null);
    },
  };

  const shown = items.filter((item) => isShown(item));
  let triggerIndex = -1;
  return (
    <nav aria-label={label} className={classes.nav} ref={navRef}>
      {shown.length > 0 && (
        <ul className={classes.navList}>
          {shown.map((item) => {
            const key = item.id;
            if (item.type === 'dropdown' || item.type === 'favourites') {
              const position = ++triggerIndex;
              return (
                <TopDropdown
                  key={key}
                  item={item}
                  ctx={ctx}
                  open={openTop?.index === position ? openTop.focus : null}
                  setOpen={(focus) => setOpenTop(focus ? { index: position, focus } : null)}
                />
              );
            }
            return (
              <li key={key} className={classes.navItem}>
                {item.type === 'modal' ? (
                  <button type="button" className={classes.navButton} onClick={() => ctx.openModal(item)}>
                    {item.label}
                  </button>
                ) : (
                  <NavLink
                    to={navTarget(item.path)}
                    className={classes.navLink}
                    onClick={() => ctx.choose(item)}
                  >
                    {item.label}
                  </NavLink>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
