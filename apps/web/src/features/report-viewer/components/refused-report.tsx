import { type RefusedReport as RefusedReportData, refusedReportMessages } from '@portal/contract';
import { IconChevronLeft } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { analystPath, formatPublishedDate, sectorPath } from '../../../lib/format.ts';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';
import { renderSafeHtml } from '../../../lib/safe-html.tsx';
import classes from './refused-report.module.css';

const text = refusedReportMessages;

/**
 * Back: one step back in the app when there is history, else the research list (a report opened from a mail
 * has none). A real link, so it works before the script runs and opens in a new tab too.
 */
function BackLink() {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const canGoBack = typeof window.history.state?.idx === 'number' && window.history.state.idx > 0;
    if (!canGoBack || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <Link to="/search" className={classes.back} onClick={onClick}>
      <IconChevronLeft size={18} aria-hidden="true" />
      {text.back}
    </Link>
  );
}

/**
 * A report the reader may not open (issue 11): what it is (title, date, analysts, sectors, description; the
 * server sends nothing of the file), the spec's refusal text, and the next step: "Request access" leads to the
 * subscription preferences screen (issue 12), where the reader asks for the sectors they lack; writing to the
 * firm's client services, with the report's title as the subject, stays as a second way.
 */
export function RefusedReport({ report, errorHtml }: { report: RefusedReportData; errorHtml: string }) {
  const { firm } = getRuntimeConfig();
  const mailto = `mailto:${firm.email}?subject=${encodeURIComponent(`${text.requestSubject}${report.title}`)}`;
  return (
    <article className={classes.page} aria-labelledby="refused-title">
      <BackLink />
      <h1 id="refused-title" className={classes.title}>
        {report.title}
      </h1>
      <dl className={classes.facts}>
        <div>
          <dt>{text.published}</dt>
          <dd>{formatPublishedDate(report.published_date)}</dd>
        </div>
        {report.analysts.length > 0 && (
          <div>
            <dt>{text.analysts}</dt>
            <dd className={classes.list}>
              {report.analysts.map((analyst) => (
                <Link key={analyst.id} to={analystPath(analyst.id, analyst.name)}>
                  {analyst.name}
                </Link>
              ))}
            </dd>
          </div>
        )}
        {report.sectors.length > 0 && (
          <div>
            <dt>{text.sectors}</dt>
            <dd className={classes.list}>
              {report.sectors.map((sector) => (
                <Link key={sector.id} to={sectorPath(sector.id, sector.sName)}>
                  {sector.sName}
                </Link>
              ))}
            </dd>
          </div>
        )}
      </dl>
      {report.description.trim() !== '' && <p className={classes.description}>{report.description}</p>}
      <section className={classes.refusal} aria-label={text.requestAccess}>
        <div role="alert">{renderSafeHtml(errorHtml)}</div>
        <Link className={classes.request} to="/subscriptionPreference/home">
          {text.requestAccess}
        </Link>
        <p className={classes.next}>
          {text.requestAccessText} <a href={mailto}>{firm.email}</a>.
        </p>
      </section>
    </article>
  );
}
