import { Skeleton } from '@mantine/core';
import {
  type HomeList,
  type HomeReply,
  homeMessages,
  messagesResearch,
  type ReportCard,
} from '@portal/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/status.tsx';
import { formatPublishedDate, reportPath } from '../../../lib/format.ts';
import { useHome } from '../api/home-api.ts';
import classes from './home-lists.module.css';

const text = homeMessages;
const SKELETON_ROWS = 3;

/** One report as a line of a short list: sector, title, date and type; a lock where the reader may not open it. */
function HomeItem({ report, fraction }: { report: ReportCard; fraction?: number }) {
  const sector = report.sectors[0];
  const percent = fraction === undefined ? undefined : Math.round(fraction * 100);
  return (
    <li className={classes.item}>
      {sector && <span className={classes.sector}>{sector.sName}</span>}
      <Link to={reportPath(report.id, report.title)} className={classes.title}>
        {report.title}
      </Link>
      <span className={classes.meta}>
        <time dateTime={report.published_date}>{formatPublishedDate(report.published_date)}</time>
        <span aria-hidden="true"> · </span>
        <span>{messagesResearch.fileTypes[report.filetype]}</span>
        {report.reading_minutes !== null && report.reading_minutes !== undefined && (
          <>
            <span aria-hidden="true"> · </span>
            <span>
              {report.reading_minutes} {messagesResearch.minRead}
            </span>
          </>
        )}
        {!report.entitled && (
          <span className={classes.lock} title={messagesResearch.notEntitled}>
            {messagesResearch.locked}
          </span>
        )}
      </span>
      {percent !== undefined && (
        <span className={classes.progress}>
          <span className={classes.bar} aria-hidden="true">
            <span className={classes.barFill} style={{ width: `${percent}%` }} />
          </span>
          <span className={classes.percent}>
            {percent}
            {text.percentRead}
          </span>
        </span>
      )}
    </li>
  );
}

interface SectionProps {
  title: string;
  empty: string;
  list: HomeList | HomeReply['continueReading'] | undefined;
  loading: boolean;
  name: string;
}

/** A short list with its heading, a See all link to the full list, an empty state that says what to do. */
function HomeSection({ title, empty, list, loading, name }: SectionProps) {
  const headingId = useId();
  const items = list?.data ?? [];
  return (
    <section className={classes.section} aria-labelledby={headingId} data-home-list={name}>
      <div className={classes.sectionHead}>
        <h2 id={headingId} className={classes.heading}>
          {title}
        </h2>
        {list?.more && (
          <Link to={list.more} className={classes.seeAll}>
            {text.seeAll}
            <span className={classes.hidden}> {title}</span>
          </Link>
        )}
      </div>
      {loading ? (
        <ul className={classes.list} aria-hidden="true">
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={index} className={classes.item}>
              <Skeleton height={10} width="30%" mb={8} />
              <Skeleton height={14} mb={8} />
              <Skeleton height={10} width="45%" />
            </li>
          ))}
        </ul>
      ) : items.length === 0 ? (
        <p className={classes.empty}>{empty}</p>
      ) : (
        <ul className={classes.list}>
          {items.map((report) => (
            <HomeItem
              key={report.id}
              report={report}
              fraction={'fraction' in report ? (report.fraction as number) : undefined}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The signed-in home's own lists (issue 11), above the firm's banner: the latest reports in the reader's sectors
 * (for an npi reader, the latest they may read), continue reading, saved research and Must Read.
 */
export function HomeLists({ userId, npi }: { userId: number; npi: boolean }) {
  const home = useHome(userId);
  const loading = home.isPending;
  const data = home.data;
  // The session says npi before the reply does: the headings do not change once it is in. Whether a client's
  // latest list is of their own sectors only the reply says (a pending reader has none): until it is in, the
  // heading claims no sectors.
  const npiVariant = data ? data.variant === 'npi' : npi;
  const ownSectors = !npiVariant && data?.latestOf === 'sectors';
  if (home.isError) {
    return <ErrorState message={text.loadFailed} onRetry={() => void home.refetch()} />;
  }
  return (
    <section className={classes.lists} aria-label={text.listsLabel} aria-busy={loading || undefined}>
      {loading && <span className={classes.hidden}>{text.loading}</span>}
      <HomeSection
        name="latest"
        title={npiVariant ? text.latestNpi : ownSectors ? text.latest : text.latestAll}
        empty={npiVariant ? text.latestEmptyNpi : ownSectors ? text.latestEmpty : text.latestEmptyAll}
        list={data?.latest}
        loading={loading}
      />
      <HomeSection
        name="continue"
        title={text.continueReading}
        empty={text.continueEmpty}
        list={data?.continueReading}
        loading={loading}
      />
      <HomeSection
        name="saved"
        title={text.saved}
        empty={text.savedEmpty}
        list={data?.saved}
        loading={loading}
      />
      <HomeSection
        name="must-read"
        title={text.mustRead}
        empty={text.mustReadEmpty}
        list={data?.mustRead}
        loading={loading}
      />
    </section>
  );
}
