import { landingConstants, type Slider, splitSliderLink } from '@portal/contract';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { sliderMediaUrl } from '../api/site-api.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import classes from './banner.module.css';
import { Carousel } from './carousel.tsx';

/** An in-page link: an anchor on this page, an address in the app, or a full URL opened in this window. */
function InPageLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/') && !href.startsWith('//'))
    return (
      <Link to={href} className={classes.primary}>
        {children}
      </Link>
    );
  const safe = href.startsWith('#') || /^https?:\/\//i.test(href);
  return safe ? (
    <a href={href} className={classes.primary}>
      {children}
    </a>
  ) : null;
}

function BannerSlide({ slider, first }: { slider: Slider; first: boolean }) {
  const reduced = useReducedMotion();
  const media = sliderMediaUrl(slider.mediaPath);
  // Spec 1 section 2.4: 'a;b' is an in-page link a and a link b opened in a new window.
  const { inPage, newWindow } = splitSliderLink(slider.link);
  const external =
    newWindow && (/^https?:\/\//i.test(newWindow) || /^\/(?!\/)/.test(newWindow)) ? newWindow : null;
  return (
    <article className={`portal-hero ${classes.slide}`}>
      {media && slider.type === 'image' && (
        <img
          src={media}
          alt=""
          width={1280}
          height={580}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding="async"
        />
      )}
      {media && slider.type === 'video' && (
        // Muted background film; it plays by itself only when the reader accepts motion, and has controls.
        <video src={media} muted loop playsInline controls autoPlay={!reduced} preload="metadata" />
      )}
      <div className={classes.copy}>
        {slider.heading && <h3 className={classes.heading}>{slider.heading}</h3>}
        {slider.subHeading && <p className={classes.subHeading}>{slider.subHeading}</p>}
        {(inPage || external || slider.reportUrl) && (
          <div className={classes.actions}>
            {inPage && <InPageLink href={inPage}>Learn more</InPageLink>}
            {slider.reportUrl?.startsWith('/') && (
              <Link to={slider.reportUrl} className={classes.secondary}>
                Read the report
              </Link>
            )}
            {external && (
              <a href={external} target="_blank" rel="noopener noreferrer" className={classes.secondary}>
                Find out more<span className={classes.hidden}> (opens in a new window)</span>
                <IconExternalLink size={14} stroke={2} aria-hidden="true" />
              </a>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

/** The landing's rotating banner of active sliders (autoplay 8000 ms, moves in 450 ms). */
export function Banner({ sliders }: { sliders: readonly Slider[] }) {
  if (sliders.length === 0) return null;
  return (
    <Carousel
      label="Highlights"
      hideHeading
      variant="banner"
      className={classes.banner}
      items={sliders}
      itemKey={(slider) => slider.key}
      autoplayMs={landingConstants.bannerAutoplayMs}
      speedMs={landingConstants.bannerSpeedMs}
      renderSlide={(slider, index) => <BannerSlide slider={slider} first={index === 0} />}
    />
  );
}
