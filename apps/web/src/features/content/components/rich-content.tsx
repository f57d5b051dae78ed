import { type MouseEvent, type Ref, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type RichHtmlOptions, renderRichHtml } from '../../../lib/safe-html.tsx';
import classes from './content.module.css';

interface RichContentProps extends RichHtmlOptions {
  html: string;
  className?: string;
  ref?: Ref<HTMLDivElement>;
}

/** Stored rich text (sanitised by the allow-list of rich-html.tsx) in the long-form text style. */
export function RichContent({ html, topHeading, className, ref }: RichContentProps) {
  const content = useMemo(() => renderRichHtml(html, { topHeading }), [html, topHeading]);
  const navigate = useNavigate();
  // Links to the portal's own pages (the sanitiser keeps them as plain /paths) move within the app instead of
  // reloading it; modified clicks (new tab, download) keep the browser's behaviour.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href') ?? '';
    if (!link || link.target || !/^\/(?!\/)/.test(href)) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: delegates clicks of the links inside, which keep their own keyboard use
    <div ref={ref} className={className ? `${classes.prose} ${className}` : classes.prose} onClick={onClick}>
      {content}
    </div>
  );
}

interface SkeletonProps {
  label: string;
  lines?: number;
  /** false for a specimen (the style guide): drawn, but not announced as loading */
  busy?: boolean;
}

/** Grey lines where rich text is about to appear (announced as busy, then replaced by the text). */
export function RichContentSkeleton({ label, lines = 9, busy = true }: SkeletonProps) {
  const state = busy
    ? ({ 'aria-busy': true, 'aria-label': label, role: 'status' } as const)
    : ({ 'aria-hidden': true } as const);
  return (
    <div className={busy ? `${classes.prose} ${classes.skeletonBox}` : classes.prose} {...state}>
      <div className={classes.skeleton}>
        {Array.from({ length: lines }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className={classes.skeletonLine} />
        ))}
      </div>
    </div>
  );
}
