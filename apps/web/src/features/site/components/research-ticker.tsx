import type { LatestResearchItem } from '@portal/contract';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { type CSSProperties, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatPublishedDate, reportPath } from '../../../lib/format.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import classes from './research-ticker.module.css';

// Seconds each item stays in motion: the belt's speed stays about the same whatever the number of items.
const secondsPerItem = 6;

function TickerItems({ items, copy }: { items: readonly LatestResearchItem[]; copy: boolean }) {
  return (
    <ul className={classes.list} aria-hidden={copy || undefined}>
      {items.map((item) => (
        <li key={item.id} className={classes.item}>
          <Link
            to={reportPath(item.id, item.title)}
            className={classes.link}
            tabIndex={copy ? -1 : undefined}
          >
            {item.title}
          </Link>
          <span className={classes.meta}>
            {[item.analysts.map((a) => a.name).join(', '), formatPublishedDate(item.published_date)]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The ticker of the latest research (spec 1 section 2.4). It scrolls on its own (a second, hidden copy makes
 * the loop seamless), stops under the pointer or the focus, has a pause button, and stands still for readers
 * who prefer reduced motion (then it scrolls by hand).
 */
export function ResearchTicker({ items }: { items: readonly LatestResearchItem[] }) {
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const titleId = useId();
  if (items.length === 0) return null;
  const moving = !reduced;
  return (
    <section className={classes.ticker} aria-labelledby={titleId}>
      <h2 id={titleId} className={classes.title}>
        Latest research
      </h2>
      <div className={classes.viewport}>
        <div
          className={classes.belt}
          data-moving={moving || undefined}
          data-paused={paused || undefined}
          style={{ '--ticker-duration': `${items.length * secondsPerItem}s` } as CSSProperties}
        >
          <TickerItems items={items} copy={false} />
          {moving && <TickerItems items={items} copy />}
        </div>
      </div>
      {moving && (
        <button
          type="button"
          className={classes.pause}
          aria-label={paused ? 'Play' : 'Pause'}
          onClick={() => setPaused((on) => !on)}
        >
          {paused ? (
            <IconPlayerPlayFilled size={16} aria-hidden="true" />
          ) : (
            <IconPlayerPauseFilled size={16} aria-hidden="true" />
          )}
        </button>
      )}
    </section>
  );
}
