import { messagesSite } from '@portal/contract';
import { Link } from 'react-router';
import classes from './tagline-strip.module.css';

/**
 * Where each tagline leads (issue 21: they looked like links and did nothing): Investments to the research list,
 * Ideas to the firm's posts, Advisory and Fintech to what the Access page says of them. The research list needs a
 * session: a visitor is asked to sign up first and then lands there (the guard carries the path).
 */
export const taglineTargets: Record<(typeof messagesSite.taglines)[number], string> = {
  Investments: '/search',
  Ideas: '/blogs',
  Advisory: '/access#advisory',
  Fintech: '/access#data-and-fintech',
};

/** Investments, Ideas, Advisory, Fintech (spec 1 section 2.4), each a link to its part of the portal. */
export function TaglineStrip() {
  return (
    <ul className={classes.strip} aria-label="What we do">
      {messagesSite.taglines.map((tagline) => (
        <li key={tagline} className={classes.tagline}>
          <Link to={taglineTargets[tagline]} className={classes.link}>
            {tagline}
          </Link>
        </li>
      ))}
    </ul>
  );
}
