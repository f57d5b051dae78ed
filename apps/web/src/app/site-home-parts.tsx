import { landingConstants } from '@portal/contract';
import { useDeferredValue } from 'react';
import { ErrorState } from '../components/status.tsx';
import { usePageParameter } from '../features/content/api/content-queries.ts';
import { useOurPeople } from '../features/research/api/research-queries.ts';
import { Carousel } from '../features/site/components/carousel.tsx';
import { PersonSlide } from '../features/site/components/carousel-slides.tsx';
import { renderSafeHtml } from '../lib/safe-html.tsx';

// What the landing and the home (the site feature's SiteHome) show from other features: the features meet here,
// in the app layer, not in each other.

/** The Our People carousel: the research feature's people in the site's carousel. */
export function OurPeople() {
  const people = useOurPeople();
  // A query's answer re-renders its readers at once (not sliced); the carousel is built from a deferred copy, so
  // React renders it in slices and its carousel measures the page in a task of its own.
  const data = useDeferredValue(people.data?.data) ?? [];
  if (people.isError)
    return <ErrorState message={people.error.message} onRetry={() => void people.refetch()} />;
  if (data.length === 0) return null;
  return (
    <Carousel
      label="Our People"
      variant="cards"
      items={data.slice(0, landingConstants.latestCount)}
      itemKey={(person) => person.id}
      autoplayMs={landingConstants.researchAutoplayMs}
      speedMs={landingConstants.researchSpeedMs}
      renderSlide={(person) => <PersonSlide person={person} />}
    />
  );
}

/** Spec 1 section 2.4: the vision, mission and values block (a content page parameter) is part of the page but hidden. */
export function HiddenVision() {
  const vision = usePageParameter('sRshWebVisionHTML');
  // Sanitised and rendered from a deferred copy: in slices, not in the answer's own render.
  const html = useDeferredValue(vision.data);
  if (!html) return null;
  return (
    <section hidden aria-label="Vision, mission and values" data-block="vision">
      {renderSafeHtml(html)}
    </section>
  );
}
