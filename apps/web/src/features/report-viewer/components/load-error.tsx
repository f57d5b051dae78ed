import { viewerMessages } from '@portal/contract';
import { Link } from 'react-router';
import { renderSafeHtml } from '../../../lib/safe-html.tsx';
import classes from './viewer.module.css';

/**
 * Any report-load error other than requiredLogin and createNewCookie (spec 1 section 4): the server's text is
 * HTML, shown through the allow-list renderer (never as raw HTML), with the spec's Signup Preferences button to
 * the subscription preferences screen (issue 12), where the reader asks for the products they lack.
 */
export function LoadErrorBox({ html }: { html: string }) {
  return (
    <div className={classes.errorBox} role="alert">
      <div>{renderSafeHtml(html)}</div>
      <Link className={classes.fallbackButton} to="/subscriptionPreference/home">
        {viewerMessages.signupPreferences}
      </Link>
    </div>
  );
}
