import { NativeSelect } from '@mantine/core';
import {
  defaultMostViewedPeriod,
  type MostViewedPeriod,
  mostViewedPeriods,
  type ReportCard,
} from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPublishedDate, reportPath } from '../../../lib/format.ts';
import { useOverallResearch } from '../api/research-queries.ts';
import classes from './research.module.css';

function ReportLinks({ reports, empty }: { reports: ReportCard[]; empty: string }) {
  if (reports.length === 0) return <p className={classes.muted}>{empty}</p>;
  return (
    <ol className={classes.panelList}>
      {reports.map((report) => (
        <li key={report.id}>
          <Link to={reportPath(report.id, report.title)} className={classes.panelLink}>
            {report.title}
          </Link>
          <span className={classes.panelMeta}>
            {formatPublishedDate(report.published_date)}
            {report.mostviewed ? ` · ${report.mostviewed.count} views` : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Must Read and Most Viewed (spec 1 section 2.6), with the period selector (default 'Past Month'). */
/** `mustRead={false}` where the page lists Must Read already (the signed-in home's own lists, issue 11). */
export function ResearchSidePanel({ mustRead = true }: { mustRead?: boolean }) {
  const [period, setPeriod] = useState<MostViewedPeriod>(defaultMostViewedPeriod);
  const overall = useOverallResearch(period);
  const data = overall.data;

  return (
    <aside className={classes.sidePanel} aria-label={mustRead ? 'Must Read and Most Viewed' : 'Most Viewed'}>
      {mustRead && (
        <section aria-labelledby="panel-must-read" className={classes.panelSection}>
          <h2 id="panel-must-read" className={classes.panelTitle}>
            Must Read
          </h2>
          {overall.isPending ? (
            <p className={classes.muted} aria-busy="true">
              Loading…
            </p>
          ) : overall.isError ? (
            <p role="alert" className={classes.error}>
              {overall.error.message}
            </p>
          ) : (
            <ReportLinks reports={data?.mustRead ?? []} empty="Nothing marked Must Read yet." />
          )}
        </section>
      )}
      <section aria-labelledby="panel-most-viewed" className={classes.panelSection}>
        <h2 id="panel-most-viewed" className={classes.panelTitle}>
          Most Viewed
        </h2>
        <NativeSelect
          label="Period"
          size="sm"
          value={period}
          data={[...mostViewedPeriods]}
          onChange={(event) => setPeriod(event.currentTarget.value as MostViewedPeriod)}
          className={classes.periodSelect}
        />
        {overall.isPending ? null : overall.isError ? null : (
          <div aria-live="polite" aria-busy={overall.isFetching}>
            <ReportLinks reports={data?.mostViewed ?? []} empty="No views in this period." />
          </div>
        )}
      </section>
    </aside>
  );
}

/** The highlighted reports above the list (not for npi clients). */
export function HighlightedReports() {
  const overall = useOverallResearch(defaultMostViewedPeriod);
  const items = overall.data?.highlighted.slice(0, 3) ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="highlighted-title" className={classes.highlighted}>
      <h2 id="highlighted-title" className={classes.sectionTitle}>
        Highlighted
      </h2>
      <ul className={classes.highlightedList}>
        {items.map((report) => (
          <li key={report.id} className={classes.highlightedItem}>
            <span className={classes.eyebrow}>{report.sectors[0]?.sName ?? report.publication}</span>
            <Link to={reportPath(report.id, report.title)} className={classes.highlightedLink}>
              {report.title}
            </Link>
            <span className={classes.panelMeta}>{formatPublishedDate(report.published_date)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
