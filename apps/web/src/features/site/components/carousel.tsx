import { Carousel as MantineCarousel } from '@mantine/carousel';
import '@mantine/carousel/styles.css';
import {
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
} from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import { type ReactNode, useEffect, useId, useState } from 'react';
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
  /** banner: one full-width slide, with indicators; cards: 1 to 9 slides by width. */
  variant: 'banner' | 'cards';
  className?: string;
}

/**
 * Embla's `duration` is not in milliseconds: its scroll body (friction 0.68, 60 steps a second) covers 99% of a
 * move in about 40 x (duration - 8) ms, so 19 for the banner's 450 ms and 24 for the cards' 650 ms.
 */
export const emblaDuration = (ms: number) => Math.max(1, Math.round(ms / 40 + 8));

/**
 * @mantine/carousel (Embla: swipe, drag, arrow keys, looping) with a rotation control. It moves by itself every
 * `autoplayMs` unless paused with its button, while the pointer or the keyboard focus is inside it, while the
 * page is hidden, or when the reader prefers reduced motion (then it only moves on request, without animation).
 * Pattern: APG carousel with rotation control and previous/next buttons; the slide status is announced only
 * while it does not rotate by itself.
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
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const headingId = useId();
  const movable = items.length > 1;
  const rotating = playing && !held && movable;

  useEffect(() => {
    if (!rotating || !embla) return;
    const timer = window.setInterval(() => {
      if (document.hidden) return;
      // Embla loops when the slides are wide enough to; otherwise the last move goes back to the first.
      if (embla.canScrollNext()) embla.scrollNext();
      else embla.scrollTo(0);
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [rotating, embla, autoplayMs]);

  return (
    <section
      className={[classes.carousel, classes[variant], className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      data-rotating={rotating || undefined}
      data-movable={movable || undefined}
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
          <button
            type="button"
            className={`${classes.control} ${classes.rotation}`}
            aria-label={playing ? 'Pause' : 'Play'}
            onClick={() => setPlaying((on) => !on)}
          >
            {playing ? (
              <IconPlayerPauseFilled size={18} aria-hidden="true" />
            ) : (
              <IconPlayerPlayFilled size={18} aria-hidden="true" />
            )}
          </button>
        )}
      </div>
      {/* biome-ignore lint/a11y/useValidAriaRole: undefined removes Mantine's region role: the section above is the carousel (named by its heading, holding the rotation control) */}
      <MantineCarousel
        role={undefined}
        aria-roledescription={undefined}
        classNames={{
          root: classes.root,
          viewport: classes.viewport,
          controls: classes.controls,
          control: classes.control,
          indicators: classes.indicators,
          indicator: classes.indicator,
          slide: classes.slide,
        }}
        getEmblaApi={setEmbla}
        emblaOptions={{
          align: 'start',
          loop: true,
          duration: reduced ? 0 : emblaDuration(speedMs),
        }}
        slideGap={variant === 'cards' ? 'md' : 0}
        controlSize={40}
        withControls={movable}
        withIndicators={movable && variant === 'banner'}
        previousControlIcon={<IconChevronLeft size={20} stroke={2} aria-hidden="true" />}
        nextControlIcon={<IconChevronRight size={20} stroke={2} aria-hidden="true" />}
      >
        {items.map((item, index) => (
          <MantineCarousel.Slide key={itemKey(item)} aria-label={`${index + 1} of ${items.length}`}>
            {renderSlide(item, index)}
          </MantineCarousel.Slide>
        ))}
      </MantineCarousel>
    </section>
  );
}
