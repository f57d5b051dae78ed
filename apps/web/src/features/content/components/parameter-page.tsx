import type { HeaderImageKey } from '@portal/contract';
import { HeaderImage } from '../../../components/header-image.tsx';
import { isBlankHtml } from '../../../lib/safe-html.tsx';
import { usePageParameter } from '../api/content-queries.ts';
import contact from './contact.module.css';
import classes from './content.module.css';
import { type AsideLink, PageAside } from './page-aside.tsx';
import { PageHeader } from './page-header.tsx';
import { PageEmpty, PageError, PageMissing } from './page-states.tsx';
import { RichContent, RichContentSkeleton } from './rich-content.tsx';

interface ParameterPageProps {
  name: string;
  title: string;
  eyebrow?: string;
  /** related pages listed beside the text */
  related?: { title: string; links: readonly AsideLink[] };
  /** the page's header picture, when it has one (Homepage Slider Management) */
  headerKey?: HeaderImageKey;
}

/** A titled page whose body is a public page parameter's stored HTML. */
export function ParameterPage({ name, title, eyebrow, related, headerKey }: ParameterPageProps) {
  const parameter = usePageParameter(name);
  if (parameter.isSuccess && parameter.data === null) return <PageMissing />;
  return (
    <div className={classes.page}>
      {headerKey && <HeaderImage pageKey={headerKey} />}
      <PageHeader eyebrow={eyebrow} title={title} />
      <div className={related ? contact.layout : undefined}>
        <div className={contact.main}>
          {parameter.isPending ? (
            <RichContentSkeleton label={`Loading ${title}`} />
          ) : parameter.isError ? (
            <PageError onRetry={() => void parameter.refetch()} />
          ) : isBlankHtml(parameter.data ?? '') ? (
            <PageEmpty />
          ) : (
            <RichContent html={parameter.data ?? ''} topHeading={2} />
          )}
        </div>
        {related && <PageAside title={related.title} links={related.links} />}
      </div>
    </div>
  );
}
