import { Burger } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { getRuntimeConfig } from '../../lib/runtime-config.ts';
import { useSession } from '../../lib/session.ts';
import { type NavItem, NavMenu } from './nav-menu.tsx';
import { SearchBox } from './search-box.tsx';
import classes from './site-header.module.css';
import { UserMenu } from './user-menu.tsx';

// Filled from /getNavItems when the navigation capability lands.
const navItems: readonly NavItem[] = [];

/**
 * Logo, main navigation, search and the account area. Below 768 px everything but the logo sits in a
 * disclosure panel behind the burger button; the same elements serve both widths (no duplicate links).
 */
export function SiteHeader() {
  const { firm } = getRuntimeConfig();
  const { user, ready } = useSession();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();
  const close = () => setMenuOpen(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the panel closes whenever the route changes
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  return (
    <header className={classes.header}>
      <div className={classes.bar}>
        <Link to="/" className={classes.logo}>
          <span className={classes.logoMark} aria-hidden="true">
            {firm.name.charAt(0)}
          </span>
          <span className={classes.logoText}>{firm.name}</span>
        </Link>
        <Burger
          className={classes.burger}
          opened={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
          aria-label="Open navigation"
          aria-expanded={menuOpen}
          aria-controls={panelId}
          color="#ffffff"
          size="sm"
        />
        <div id={panelId} className={classes.panel} data-open={menuOpen || undefined}>
          <NavMenu items={navItems} />
          <SearchBox onSearch={close} />
          <div className={classes.account}>
            {!ready ? null : user ? (
              <UserMenu user={user} onNavigate={close} />
            ) : (
              <>
                <Link to="/login" className={classes.textLink} onClick={close}>
                  Login
                </Link>
                <Link to="/signup" className={classes.signupLink} onClick={close}>
                  Sign up
                </Link>
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
