import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { easeInOutQuad as ease } from '../../../lib/easing.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import classes from './carousel.module.css';

export interface CarouselProps<T> {
  /** The carousel's name; shown as its heading unless `hideHeading`. */
  label: string;
  hideHeading?: boolean;
  items: readonly T[];
  itemKey: (item: T) => string | number;
  renderSlide: (item: T, index: number) => ReactNode;
  /** Time between automatic moves. */
  autoplayMs: number;
  /** Duration of one move. */
  speedMs: number;
  /** banner: one full-width slide; cards: 1 to 9 slides by width. */
  variant: 'banner' | 'cards';
  className?: string;
}

/** Distance between the starts of two neighbouring slides. */
const stepOf = (track: HTMLElement) => {
  const [first, second] = track.children as unknown as HTMLElement[];
  if (!first) return track.clientWidth;
  return second ? second.offsetLeft - first.offsetLeft : first.offsetWidth;
};

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d={d} fill="currentColor" />
  </svg>
);
const icons = {
  previous: 'M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z',
  next: 'M8.6 18.6 10 20l8-8-8-8-1.4 1.4 6.6 6.6z',
  pause: 'M7 5h3.5v14H7zm6.5 0H17v14h-3.5z',
  play: 'M8 5v14l11-7z',
};

/**
 * A carousel on CSS scroll snapping (swipe and trackpad scrolling are the browser's own). It moves by itself
 * every `autoplayMs` unless paused with its button, while the pointer or the keyboard focus is inside it, or
 * when the reader prefers reduced motion (then it only moves on request, without animation). Pattern: APG
 * carousel with rotation control and previous/next buttons.
 */
export function Carousel<T>({
  label,
  hideHeading = false,
  items,
  itemKey,
  renderSlide,
  autoplayMs,
  speedMs,
  variant,
  className,
}: CarouselProps<T>) {
  const reduced = useReducedMotion();
  const [playing, setPlaying] = useState(() => !reduced);
  const [held, setHeld] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const frame = useRef(0);
  const headingId = useId();
  const trackId = useId();
  const movable = items.length > 1;
  const rotating = playing && !held && movable;

  const scrollTo = (left: number) => {
    const el = track.current;
    if (!el) return;
    cancelAnimationFrame(frame.current);
    const start = el.scrollLeft;
    const distance = left - start;
    if (reduced || distance === 0) {
      el.scrollLeft = left;
      return;
    }
    // Snapping would fight the frame-by-frame scroll; it is restored once the move ends.
    el.dataset.moving = '';
    const began = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - began) / speedMs);
      el.scrollLeft = start + distance * ease(progress);
      if (progress < 1) frame.current = requestAnimationFrame(step);
      else delete el.dataset.moving;
    };
    frame.current = requestAnimationFrame(step);
  };

  const move = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const step = stepOf(el);
    const max = el.scrollWidth - el.clientWidth;
    const current = Math.round(el.scrollLeft / step);
    let target = (current + direction) * step;
    // Past either end the carousel wraps around.
    if (direction > 0 && el.scrollLeft >= max - 2) target = 0;
    else if (direction < 0 && el.scrollLeft <= 2) target = max;
    scrollTo(Math.max(0, Math.min(max, target)));
  };
  const next = useRef(move);
  next.current = move;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) next.current(1);
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [rotating, autoplayMs]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  return (
    <section
      className={[classes.carousel, classes[variant], className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHeld(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className={classes.head}>
        <h2 id={headingId} className={hideHeading ? classes.hiddenHeading : classes.heading}>
          {label}
        </h2>
        {movable && (
          <div className={classes.controls}>
            <button
              type="button"
              className={classes.control}
              aria-label={playing ? 'Pause' : 'Play'}
              onClick={() => setPlaying((on) => !on)}
            >
              <Icon d={playing ? icons.pause : icons.play} />
            </button>
            <button
              type="button"
              className={classes.control}
              aria-label="Previous slide"
              aria-controls={trackId}
              onClick={() => move(-1)}
            >
              <Icon d={icons.previous} />
            </button>
            <button
              type="button"
              className={classes.control}
              aria-label="Next slide"
              aria-controls={trackId}
              onClick={() => move(1)}
            >
              <Icon d={icons.next} />
            </button>
          </div>
        )}
      </div>
      <div
        id={trackId}
        ref={track}
        className={classes.track}
        aria-live={rotating ? 'off' : 'polite'}
        // A banner slide may hold no link: the scrolling strip itself must then be reachable by keyboard.
        {...(variant === 'banner' ? { tabIndex: 0, role: 'group', 'aria-label': `${label} slides` } : {})}
      >
        {items.map((item, index) => (
          // biome-ignore lint/a11y/useSemanticElements: APG carousel slides are groups; a fieldset is for form controls
          <div
            key={itemKey(item)}
            className={classes.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${items.length}`}
          >
            {renderSlide(item, index)}
          </div>
        ))}
      </div>
    </section>
  );
}
