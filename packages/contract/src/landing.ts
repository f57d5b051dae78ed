// The landing's figures and the slider link's two parts: plain values the web app's landing needs before
// anything else. Kept out of schemas/site.ts so the landing's first chunks carry no zod (a module's schemas are
// built when it loads, and its constants would bring them along).

/** Spec 1 section 2.4 and the issue text. */
export const landingConstants = {
  latestCount: 25,
  bannerAutoplayMs: 8000,
  bannerSpeedMs: 450,
  researchAutoplayMs: 2500,
  researchSpeedMs: 650,
  researchSlidesMin: 1,
  researchSlidesMax: 9,
  loaderMinMs: 1000,
  /** Spec 3 section 9: smooth scroll to ?pageid= on /page/{id}. */
  scrollMs: 800,
  scrollOffsetPx: 80,
} as const;

/**
 * Spec 2: a slider link may hold 'a;b', where a is an in-page link and b a link opened in a new window.
 * Either part may be empty.
 */
export const splitSliderLink = (link: string | null | undefined) => {
  const [inPage = '', newWindow = ''] = (link ?? '').split(';', 2).map((part) => part.trim());
  return { inPage: inPage || null, newWindow: newWindow || null };
};
