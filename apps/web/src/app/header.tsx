import { lazy } from 'react';
import { SiteHeader } from '../components/layout/site-header.tsx';

// The area-of-interest modal (the site feature's) is loaded when first opened: it is not part of every page's
// first download.
const AoiModal = lazy(() => import('../features/site/components/aoi-modal.tsx'));
// The suggesting combobox (the research feature's, with its data calls) is not part of every page's first
// download: it loads at once but separately, and takes over from the header's plain field, keeping what was typed
// and the focus.
const SuggestSearch = lazy(async () => ({
  default: (await import('../features/research/components/suggest-search.tsx')).SuggestSearch,
}));

/**
 * The site header with the features' pieces it shows. The layouts in components/ import no feature: the router
 * hands them this element.
 */
export const appHeader = <SiteHeader Suggest={SuggestSearch} AoiModal={AoiModal} />;
