import { type CurrentUser, messages } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useSignOut } from '../../lib/session.ts';
import { NavMenu } from './nav-menu.tsx';
import { readerLinks } from './reader-links.ts';
import classes from './site-header.module.css';

// The user menu's one dropdown: the reader's own lists (issue 11), beside the badge that opens /settings.
const accountItems = [
  {
    id: -10,
    type: 'dropdown' as const,
    label: messages.readerLinks.menu,
    path: null,
    tag: null,
    children: [...readerLinks],
  },
];
const noModal = () => undefined;

const SignOutDialog = lazy(() => import('./sign-out-dialog.tsx'));

/** Spec 1 section 2.3: first letters of the first two words of the full name. */
export const initialsOf = (fullName: string) =>
  fullName
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');

export function UserMenu({ user, onNavigate }: { user: CurrentUser; onNavigate?: () => void }) {
  const signOut = useSignOut();
  const [confirming, setConfirming] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const initials = initialsOf(user.full_name);

  return (
    <>
      <NavMenu items={accountItems} label="Account" onChoose={onNavigate} onOpenModal={noModal} />
      {/* WCAG 2.5.3 (label in name): the name starts with the initials the badge shows, so a reader who says
          what they see ("click JM") reaches it; a badge without initials shows '?' and is named by its purpose. */}
      <Link
        to="/settings"
        className={classes.badge}
        aria-label={initials ? `${initials}, Account settings` : 'Account settings'}
        onClick={onNavigate}
      >
        <span aria-hidden="true">{initials || '?'}</span>
      </Link>
      <button
        type="button"
        className={classes.textButton}
        onClick={() => {
          setDialogLoaded(true);
          setConfirming(true);
        }}
      >
        Sign out
      </button>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <SignOutDialog opened={confirming} onClose={() => setConfirming(false)} onConfirm={signOut} />
        </Suspense>
      )}
    </>
  );
}
