import { messagesSite } from '@portal/contract';
import { HeaderImage } from '../../components/header-image.tsx';
import { useAboutContent } from '../../features/content/api/content-queries.ts';
import contact from '../../features/content/components/contact.module.css';
import classes from '../../features/content/components/content.module.css';
import { PageAside } from '../../features/content/components/page-aside.tsx';
import { PageHeader } from '../../features/content/components/page-header.tsx';
import { PageEmpty, PageError } from '../../features/content/components/page-states.tsx';
import { RichContent, RichContentSkeleton } from '../../features/content/components/rich-content.tsx';
import { firmDetails } from '../../features/content/lib/firm-details.ts';
import { formatDate } from '../../lib/dates.ts';
import { isBlankHtml } from '../../lib/safe-html.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

const title = messagesSite.aboutTitle;
const related = [
  { to: '/people', label: 'Our People' },
  { to: '/access', label: 'Research access' },
  { to: '/careers', label: 'Careers' },
  { to: '/regulatory', label: 'Regulatory Disclosures' },
  { to: '/contact', label: 'Contact Us' },
];

/** /about: the firm's rich text from GET /content, read-only (administrators edit it in site management). */
export default function AboutRoute() {
  usePageTitle(title);
  const content = useAboutContent();
  const updated = formatDate(content.data?.updatedAt, 'longDay', 'UTC');
  return (
    <div className={classes.page}>
      <HeaderImage pageKey="about" />
      <PageHeader
        eyebrow={firmDetails().firm}
        title={title}
        meta={updated ? `Last updated ${updated}` : undefined}
      />
      <div className={contact.layout}>
        <div className={contact.main}>
          {content.isPending ? (
            <RichContentSkeleton label={`Loading ${title}`} />
          ) : content.isError ? (
            <PageError onRetry={() => void content.refetch()} />
          ) : isBlankHtml(content.data.html) ? (
            <PageEmpty />
          ) : (
            <RichContent html={content.data.html} topHeading={2} />
          )}
        </div>
        <PageAside title="More about us" links={related} />
      </div>
    </div>
  );
}
