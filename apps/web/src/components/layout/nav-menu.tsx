import { NavLink } from 'react-router';
import classes from './site-header.module.css';

/** A navigation entry as /getNavItems will supply it (spec 1 section 2.3). */
export interface NavItem {
  type: 'link' | 'dropdown' | 'favourites' | 'modal';
  label: string;
  path?: string;
  children?: NavItem[];
  tag?: string;
}

function NavEntry({ item }: { item: NavItem }) {
  const children = item.children ?? [];
  return (
    <li className={classes.navItem}>
      {item.path ? (
        <NavLink to={item.path} className={classes.navLink}>
          {item.label}
        </NavLink>
      ) : (
        <span className={classes.navLabel}>{item.label}</span>
      )}
      {children.length > 0 && (
        <ul className={classes.navSubList}>
          {children.map((child) => (
            <NavEntry key={`${child.label}-${child.path ?? ''}`} item={child} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The main navigation landmark; its items arrive with the navigation capability, so it is empty for now. */
export function NavMenu({ items }: { items: readonly NavItem[] }) {
  return (
    <nav aria-label="Main" className={classes.nav}>
      {items.length > 0 && (
        <ul className={classes.navList}>
          {items.map((item) => (
            <NavEntry key={`${item.label}-${item.path ?? ''}`} item={item} />
          ))}
        </ul>
      )}
    </nav>
  );
}
