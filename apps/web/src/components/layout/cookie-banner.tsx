import { messages, storageKeys } from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { readCookie, writeCookie } from '../../lib/storage.ts';
import classes from './cookie-banner.module.css';

const oneYearSeconds = 365 * 24 * 60 * 60;

/** Spec 1 section 2.3: shown until accepted; acceptance is the cookie cookie_consent=true for a year. */
export function CookieBanner() {
  const [accepted, setAccepted] = useState(() => readCookie(storageKeys.cookieConsent) === 'true');
  if (accepted) return null;
  return (
    <section className={classes.banner} aria-label="Cookie consent">
      <p className={classes.text}>
        {messages.pages.cookieBanner}{' '}
        <Link to="/privacy" className={classes.link}>
          Privacy Policy
        </Link>
      </p>
      <button
        type="button"
        className={classes.accept}
        onClick={() => {
          writeCookie(storageKeys.cookieConsent, 'true', oneYearSeconds);
          setAccepted(true);
        }}
      >
        Accept
      </button>
    </section>
  );
}
