import { messagesBlogs, type PostResearchItem, reportPath } from '@portal/contract';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates.ts';
import { useAssociatedResearch } from '../api/blogs-queries.ts';
import classes from './blogs.module.css';

const text = messagesBlogs.reader;

function ReportList({ id, title, items }: { id: string; title: string; items: PostResearchItem[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={classes.sideTitle}>
        {title}
      </h2>
      {items.length === 0 ? (
        <p className={classes.muted}>{text.sideEmpty}</p>
      ) : (
        <ol className={classes.sideList}>
          {items.map((report) => (
            <li key={report.id}>
              <Link to={reportPath(report.id, report.title)}>{report.title}</Link>
              <span className={classes.muted}>{formatDate(report.published_date)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The post page's side panel (spec 2 "Public blog screens"): Associated Research plus Must Read when the post has
 * associated research, otherwise Must Read plus Most Viewed.
 */
export function PostSidePanel({ postId }: { postId: number }) {
  const research = useAssociatedResearch(postId, true);
  const data = research.data;
  return (
    <aside className={classes.side} aria-label={`${text.associatedResearch}, ${text.mustRead}`}>
      {research.isPending ? (
        <p className={classes.muted} aria-busy="true">
          {text.postLoading}
        </p>
      ) : research.isError || !data ? (
        <p className={`${classes.muted} ${classes.error}`}>{research.error?.message}</p>
      ) : data.data.length > 0 ? (
        <>
          <ReportList id="side-associated" title={text.associatedResearch} items={data.data} />
          <ReportList id="side-must-read" title={text.mustRead} items={data.mustRead} />
        </>
      ) : (
        <>
          <ReportList id="side-must-read" title={text.mustRead} items={data.mustRead} />
          <ReportList id="side-most-viewed" title={text.mostViewed} items={data.mostViewed} />
        </>
      )}
    </aside>
  );
}
