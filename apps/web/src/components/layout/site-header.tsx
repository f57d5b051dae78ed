import { Burger } from '@mantine/core';
import { firmInitial } from '@portal/contract';
import { type ComponentType, lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useNavItems } from '../../lib/nav-items.ts';
import { getRuntimeConfig } from '../../lib/runtime-config.ts';
import { useSession } from '../../lib/session.ts';
import { NavMenu } from './nav-menu.tsx';
import { withReaderLinks } from './reader-links.ts';
import { useRfsMode } from './rfs-mode.ts';
import { SearchBox, type SuggestProps } from './search-box.tsx';
import classes from './site-header.module.css';
import { UserMenu } from './user-menu.tsx';

// The social icons end the navigation row and are no part of the first paint: their chunk (the marks' paths) is
// asked for as this module runs, beside the route's own, and stays out of the login route's initial JS.
const socialModule = import('./social-links.tsx');

const SocialLinks = lazy(() => socialModule.then((m) => ({ default: m.SocialLinks })));

export interface AoiModalProps {
  opened: boolean;
  onClose: () => void;
  /** A choice was followed (the modal closes and the page changes). */
  onChoose: () => void;
}

/** What the app layer gives the header: the features' pieces it shows. */
export interface SiteHeaderProps {
  /** The search's suggesting combobox (lazy: see SearchBox). */
  Suggest: ComponentType<SuggestProps>;
  /** The area-of-interest modal (lazy: rendered once the menu's modal entry is first chosen). */
  AoiModal: ComponentType<AoiModalProps>;
}

/**
 * Logo, main navigation, search and the account area. Below 768 px everything but the logo sits in a
 * disclosure panel behind the burger button; the same elements serve both widths (no duplicate links).
 */
export function SiteHeader({ Suggest, AoiModal }: SiteHeaderProps) {
  const { firm } = getRuntimeConfig();
  const { user, ready } = useSession();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [aoi, setAoi] = useState<'closed' | 'open' | 'loaded'>('closed');
  const panelId = useId();
  const close = () => setMenuOpen(false);
  const navItems = useNavItems(ready).data ?? [];
  const rfs = useRfsMode();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the panel closes whenever the route changes
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  return (
    <header className={classes.header}>
      <div className={classes.bar}>
        <Link to={rfs?.logoTo ?? '/'} className={classes.logo}>
          {firm.logoUrl ? (
            // Decorative: the firm's name stands next to it.
            <img className={classes.logoImage} src={firm.logoUrl} alt="" height={36} />
          ) : (
            <span className={classes.logoMark} aria-hidden="true">
              {firmInitial(firm.name)}
            </span>
          )}
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
          <NavMenu
            items={withReaderLinks(navItems, Boolean(user))}
            onChoose={close}
            onOpenModal={() => setAoi('open')}
          />
          <SearchBox Suggest={Suggest} onSearch={close} />
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
          <Suspense fallback={null}>
            <SocialLinks />
          </Suspense>
        </div>
      </div>
      {aoi !== 'closed' && (
        <Suspense fallback={null}>
          <AoiModal
            opened={aoi === 'open'}
            onClose={() => setAoi('loaded')}
            onChoose={() => {
              setAoi('loaded');
              close();
            }}
          />
        </Suspense>
      )}
    </header>
  );
}
