import { messagesResearch, type ReportCard, viewerMessages } from '@portal/contract';
import { Link } from 'react-router';
import { analystPath, formatPublishedDate, reportPath } from '../../../lib/format.ts';
import { relatedReportsLimit } from '../lib/viewer-constants.ts';
import classes from './viewer.module.css';

/** A related item opens as a video replay when it has one, else as a report (spec 1 section 2.7). */
export const relatedItemPath = (report: Pick<ReportCard, 'id' | 'title' | 'video'>) =>
  report.video ? `/connect/videos/${encodeURIComponent(report.video)}` : reportPath(report.id, report.title);

/** The Related Reports side panel: the first 20 items, each with its analysts. */
export function RelatedReports({ reports, height }: { reports: readonly ReportCard[]; height?: number }) {
  const items = reports.slice(0, relatedReportsLimit);
  return (
    <aside
      className={classes.related}
      aria-labelledby="related-reports-title"
      style={height ? { maxHeight: height } : undefined}
    >
      <h2 id="related-reports-title" className={classes.relatedTitle}>
        {viewerMessages.relatedReports}
      </h2>
      {items.length === 0 ? (
        <p className={classes.muted}>{messagesResearch.noReports}</p>
      ) : (
        <ul className={classes.relatedList}>
          {items.map((report) => (
            <li key={report.id}>
              <Link to={relatedItemPath(report)} className={classes.relatedLink}>
                {report.title}
              </Link>
              <span className={classes.relatedMeta}>
                {formatPublishedDate(report.published_date)}
                {report.analysts.length > 0 && ' · '}
                {report.analysts.map((analyst, i) => (
                  <span key={analyst.id}>
                    {i > 0 && ', '}
                    <Link to={analystPath(analyst.id, analyst.name)}>{analyst.name}</Link>
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
