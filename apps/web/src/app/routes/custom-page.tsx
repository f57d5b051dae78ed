import { VisuallyHidden } from '@mantine/core';
import { messagesSite } from '@portal/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { usePageParameter } from '../../features/content/api/content-queries.ts';
import classes from '../../features/content/components/content.module.css';
import { PageEmpty, PageError, PageMissing } from '../../features/content/components/page-states.tsx';
import { RichContent, RichContentSkeleton } from '../../features/content/components/rich-content.tsx';
import { useScrollToElement } from '../../features/content/hooks/use-scroll-to-element.ts';
import { firmDetails } from '../../features/content/lib/firm-details.ts';
import { firstHeadingText, isBlankHtml } from '../../lib/safe-html.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

const hasTopHeading = (html: string) => /<h1[\s>]/i.test(html);

/**
 * /page/{id} (spec 3 section 2): the page parameter named by the id, if the server reveals it (its allow-list
 * answers 404 for anything else, and this page then says only that the page does not exist). The stored HTML
 * is rebuilt through the allow-list of rich-html.tsx. `?pageid=x` scrolls smoothly (800 ms, 80 px offset) to
 * the element with id x once the content is drawn.
 */
export default function CustomPageRoute() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const pageid = search.get('pageid');
  const parameter = usePageParameter(id);
  const contentRef = useRef<HTMLDivElement>(null);
  const html = parameter.data ?? '';
  // The page's title is its stored h1; without one, the firm's name (a section heading would mislead).
  const heading = useMemo(() => (hasTopHeading(html) ? firstHeadingText(html) : ''), [html]);
  const scrollToElement = useScrollToElement();

  usePageTitle(parameter.isSuccess && parameter.data === null ? messagesSite.pageMissingTitle : heading);

  useEffect(() => {
    if (!html || !pageid) return;
    const target = Array.from(contentRef.current?.querySelectorAll<HTMLElement>('[id]') ?? []).find(
      (element) => element.id === pageid,
    );
    if (target) scrollToElement(target);
  }, [html, pageid, scrollToElement]);

  if (parameter.isSuccess && parameter.data === null) return <PageMissing />;
  const showContent = parameter.isSuccess && !isBlankHtml(html);
  return (
    <div className={classes.page}>
      {!(showContent && hasTopHeading(html)) && (
        <VisuallyHidden component="h1">{heading || firmDetails().firm}</VisuallyHidden>
      )}
      {parameter.isPending ? (
        <RichContentSkeleton label="Loading the page" />
      ) : parameter.isError ? (
        <PageError onRetry={() => void parameter.refetch()} />
      ) : showContent ? (
        <RichContent ref={contentRef} html={html} topHeading={1} />
      ) : (
        <PageEmpty />
      )}
    </div>
  );
}
