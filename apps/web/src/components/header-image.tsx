import type { HeaderImageKey, HeaderImageReply } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';
import classes from './header-image.module.css';

/** GET /getHeaderImage?key=: the page's header picture, or none (the default: the plain header). */
export const useHeaderImage = (key: HeaderImageKey) =>
  useQuery({
    queryKey: ['header-images', key],
    queryFn: ({ signal }) =>
      apiRequest<HeaderImageReply>('GET', '/getHeaderImage', { query: { key }, signal }),
    staleTime: 60_000,
  });

/**
 * The picture an admin put at the top of a page (Homepage Slider Management, issue 24); nothing while it loads,
 * on a failure or when the page has the default. Decorative: the page's h1 names the page.
 */
export function HeaderImage({ pageKey }: { pageKey: HeaderImageKey }) {
  const header = useHeaderImage(pageKey);
  const url = header.data?.url;
  if (!url) return null;
  return (
    <div className={classes.banner} data-header-image={pageKey}>
      <img src={url} alt="" className={classes.image} decoding="async" />
    </div>
  );
}
