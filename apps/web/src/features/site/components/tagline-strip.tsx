import { messagesSite } from '@portal/contract';
import classes from './tagline-strip.module.css';

/** Investments, Ideas, Advisory, Fintech (spec 1 section 2.4). */
export function TaglineStrip() {
  return (
    <ul className={classes.strip} aria-label="What we do">
      {messagesSite.taglines.map((tagline) => (
        <li key={tagline} className={classes.tagline}>
          {tagline}
        </li>
      ))}
    </ul>
  );
}
