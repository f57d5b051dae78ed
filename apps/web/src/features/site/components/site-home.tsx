import { firmInitial, type LandingReply, landingConstants } from '@portal/contract';
import { type ReactNode, useDeferredValue } from 'react';
import { ErrorState } from '../../../components/status.tsx';
import { bootHint } from '../../../lib/boot-hints.ts';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';
import { useSession } from '../../../lib/session.ts';
import { sliderMediaUrl, useLanding } from '../api/site-api.ts';
import { useMinimumDelay } from '../hooks/use-minimum-delay.ts';
import { useStagedReveal } from '../hooks/use-staged-reveal.ts';
import { Banner } from './banner.tsx';
import { Carousel } from './carousel.tsx';
import { ResearchSlide } from './carousel-slides.tsx';
import { ResearchTicker } from './research-ticker.tsx';
import classes from './site-home.module.css';
import { TaglineStrip } from './tagline-strip.tsx';

const firstBannerImage = (reply: LandingReply | undefined) => {
  const first = reply?.sliders[0];
  return first?.type === 'image' ? sliderMediaUrl(first.mediaPath) : undefined;
};

/** Covers the page while it loads; shows the first banner picture where the banner will be, as the splash did. */
function Loader({ hero }: { hero: string | undefined }) {
  const { firm } = getRuntimeConfig();
  return (
    <div className={classes.loader} role="status" data-loader="landing" data-hero={hero ? '' : undefined}>
      {hero && (
        <div className="portal-hero">
          <img src={hero} alt="" width={1280} height={580} fetchPriority="high" />
        </div>
      )}
      <span className="portal-mark" aria-hidden="true">
        {firmInitial(firm.name)}
      </span>
      <span className={classes.loaderText}>Loading…</span>
    </div>
  );
}

export interface SiteHomeProps {
  variant: 'landing' | 'home';
  intro?: ReactNode;
  /** /home: the panel beside Our Research (the Must Read and Most Viewed panel, from the app layer). */
  panel?: ReactNode;
  /** The Our People carousel, after the panel (from the app layer: the research feature's people). */
  people: ReactNode;
  /** The hidden vision, mission and values block, last (from the app layer: a content page parameter). */
  vision: ReactNode;
}

/**
 * The landing (secondary layout) and the signed-in home (/home): banner of active sliders, ticker of the latest
 * research, tagline strip, Our Research and Our People carousels and the hidden vision block. The loader covers
 * the page for at least 1 s (spec 1 section 2.4) while the content is laid out beneath it. What other features
 * show here (`panel`, `people`, `vision`) the app layer passes in.
 */
export function SiteHome({ variant, intro, panel, people, vision }: SiteHomeProps) {
  const { user } = useSession();
  const landing = useLanding(user?.id ?? 0);
  // The page below the loader is large (two carousels, the ticker twice): rendering it from a deferred value
  // lets React build it in small slices instead of one long task that would hold up input.
  const data = useDeferredValue(landing.data);
  const minimumShown = useMinimumDelay(landingConstants.loaderMinMs);
  // Settled: the deferred render has caught up with the answer (not an earlier reader's), or the call failed
  // (the error and its retry must not stay under the loader).
  const caughtUp = landing.data !== undefined && data === landing.data;
  // Beneath the loader the page is committed in three steps (banner and strips, Our Research, the panels and
  // Our People), so that no one commit holds the main thread for long.
  const stage = useStagedReveal(data !== undefined, 3);
  const settled = landing.isError || (caughtUp && stage >= 3);
  const loading = !minimumShown || !settled;
  const latest = data?.latest ?? [];

  return (
    <div className={classes.page} data-variant={variant}>
      {loading && <Loader hero={firstBannerImage(landing.data) ?? bootHint('hero')} />}
      <div className={classes.content} inert={loading} aria-busy={loading || undefined}>
        {intro}
        {/* Laid out in one go once the data is in, so nothing already shown is pushed down (layout shift). */}
        {landing.isError ? (
          <ErrorState message={landing.error.message} onRetry={() => void landing.refetch()} />
        ) : (
          data &&
          stage >= 1 && (
            <>
              <Banner sliders={data.sliders} />
              <ResearchTicker items={latest} />
              <TaglineStrip />
              <div className={classes.sections}>
                {stage >= 2 && latest.length > 0 && (
                  <Carousel
                    label="Our Research"
                    variant="cards"
                    items={latest}
                    itemKey={(item) => item.id}
                    autoplayMs={landingConstants.researchAutoplayMs}
                    speedMs={landingConstants.researchSpeedMs}
                    renderSlide={(item) => <ResearchSlide item={item} />}
                  />
                )}
                {stage >= 3 && panel && <div className={classes.panels}>{panel}</div>}
                {stage >= 3 && people}
              </div>
            </>
          )
        )}
        {vision}
      </div>
    </div>
  );
}
