import { renderSafeHtml } from '../../../lib/safe-html.tsx';
import classes from './viewer.module.css';

/**
 * Any report-load error other than requiredLogin and createNewCookie (spec 1 section 4): the server's text is
 * HTML, shown through the allow-list renderer (never as raw HTML). The spec's Signup Preferences button leads to
 * the subscription preferences screen, which comes with issue 12: until that screen exists the box links nowhere
 * (a link to a "not available" page was one of the faults issue 11 mends; a refusal has its own page with a way to
 * ask for access, refused-report.tsx).
 */
export function LoadErrorBox({ html }: { html: string }) {
  return (
    <div className={classes.errorBox} role="alert">
      <div>{renderSafeHtml(html)}</div>
    </div>
  );
}
