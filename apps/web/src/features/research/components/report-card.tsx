import { messagesResearch, type ReportCard as Report } from '@portal/contract';
import { IconLockFilled } from '@tabler/icons-react';
import { Fragment, useId, useState } from 'react';
import { Link } from 'react-router';
import { AnalystAvatar } from '../../../components/analyst-avatar.tsx';
import {
  analystPath,
  cardLimits,
  fileTypeLabel,
  formatPublishedDate,
  parseUtc,
  readingTimeLabel,
  reportPath,
  sectorPath,
  truncate,
} from '../../../lib/format.ts';
import { renderSnippet } from '../lib/snippet.tsx';
import { GeographyPopup } from './geography-popup.tsx';
import classes from './research.module.css';
import { SaveButton } from './save-button.tsx';

const isoOf = (value: string) => {
  const date = parseUtc(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

export type ResearchView = 'list' | 'grid';

/** The description as a card shows it: cut at 1000; above 200 a read-more toggle (list view only). */
export const cardDescription = (description: string, view: ResearchView) => {
  const text = description.trim();
  if (!text) return { full: '', short: '', hasMore: false };
  const full = truncate(text, cardLimits.cut);
  if (view === 'grid')
    return { full: truncate(text, cardLimits.grid), short: truncate(text, cardLimits.grid), hasMore: false };
  const hasMore = full.length > cardLimits.readMore;
  return { full, short: hasMore ? truncate(full, cardLimits.readMore) : full, hasMore };
};

export interface ReportCardProps {
  report: Report;
  view?: ResearchView;
  /** A hashtag was chosen: the list adds it as a tag filter. */
  onTag?: (tag: string) => void;
  /** Whether the save toggle is offered (signed-in readers only). */
  canSave?: boolean;
  headingLevel?: 2 | 3;
}

export function ReportCard({
  report,
  view = 'list',
  onTag,
  canSave = true,
  headingLevel = 3,
}: ReportCardProps) {
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const descId = useId();
  const lead = report.analysts[0];
  const sector = report.sectors[0];
  const description = cardDescription(report.description, view);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const readingTime = readingTimeLabel(report.reading_minutes);

  return (
    <article className={classes.card} data-view={view} aria-labelledby={titleId}>
      <div className={classes.cardHead}>
        <AnalystAvatar
          name={lead?.name ?? messagesResearch.unknownAnalyst}
          imagePath={lead?.image_path ?? null}
        />
        <div className={classes.cardByline}>
          <span className={classes.analystNames}>
            {report.analysts.length === 0
              ? messagesResearch.unknownAnalyst
              : report.analysts.map((analyst, index) => (
                  <Fragment key={analyst.id}>
                    {index > 0 && ', '}
                    <Link to={analystPath(analyst.id, analyst.name)} className={classes.analystLink}>
                      {analyst.name}
                    </Link>
                  </Fragment>
                ))}
          </span>
          <span className={classes.cardFacts}>
            <time dateTime={isoOf(report.published_date)} className={classes.date}>
              {formatPublishedDate(report.published_date)}
            </time>
            <span className={classes.fileType}>{fileTypeLabel(report.filetype)}</span>
            {readingTime && <span>{readingTime}</span>}
          </span>
        </div>
        {canSave && <SaveButton reportId={report.id} saved={report.saved} />}
      </div>

      <div className={classes.cardMeta}>
        {sector ? (
          <Link to={sectorPath(sector.id, sector.sName)} className={classes.sectorLink}>
            {sector.sName}
          </Link>
        ) : null}
        <GeographyPopup report={report} />
        {!report.entitled && (
          // A short visible word keeps the card compact on a phone; the badge's name says why it is locked.
          <span
            role="img"
            className={classes.lockBadge}
            aria-label={`${messagesResearch.locked}: ${messagesResearch.notEntitled}`}
            title={messagesResearch.notEntitled}
          >
            <IconLockFilled size={14} aria-hidden="true" />
            {messagesResearch.locked}
          </span>
        )}
      </div>

      <Heading id={titleId} className={classes.cardTitle}>
        <Link to={reportPath(report.id, report.title)}>{report.title}</Link>
      </Heading>
      {report.subtitle && <p className={classes.subtitle}>{report.subtitle}</p>}

      {report.snippet && (
        <p className={classes.snippet}>
          <span className={classes.visuallyHidden}>Matching text: </span>
          {renderSnippet(report.snippet)}
        </p>
      )}

      {/* No description, no paragraph: 'No Description' on a card read as content (issue 21). */}
      {description.full && (
        <div className={classes.description}>
          <p id={descId}>{expanded ? description.full : description.short}</p>
          {description.hasMore && (
            <button
              type="button"
              className={classes.readMore}
              aria-expanded={expanded}
              aria-controls={descId}
              onClick={() => setExpanded((value) => !value)}
            >
              {expanded ? 'Read less' : 'Read more'}
            </button>
          )}
        </div>
      )}

      {report.hashtags.length > 0 && (
        <ul className={classes.hashtags} aria-label="Hashtags">
          {report.hashtags.map((tag) => {
            const label = tag.startsWith('#') ? tag : `#${tag}`;
            return (
              <li key={tag}>
                <button
                  type="button"
                  className={classes.hashtag}
                  aria-label={`Filter by ${label}`}
                  onClick={() => onTag?.(label)}
                  disabled={!onTag}
                >
                  {label}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </article>
  );
}

export function ReportCardSkeleton({ view = 'list' }: { view?: ResearchView }) {
  return (
    <div className={classes.card} data-view={view} data-skeleton aria-hidden="true">
      <div className={classes.cardHead}>
        <span className={`${classes.avatar} ${classes.shimmer}`} />
        <div className={classes.cardByline}>
          <span className={`${classes.skLine} ${classes.shimmer}`} style={{ width: '40%' }} />
          <span className={`${classes.skLine} ${classes.shimmer}`} style={{ width: '25%' }} />
        </div>
      </div>
      <span className={`${classes.skLine} ${classes.shimmer}`} style={{ width: '30%' }} />
      <span className={`${classes.skTitle} ${classes.shimmer}`} />
      <span className={`${classes.skLine} ${classes.shimmer}`} />
      <span className={`${classes.skLine} ${classes.shimmer}`} />
      <span className={`${classes.skLine} ${classes.shimmer}`} style={{ width: '70%' }} />
    </div>
  );
}
