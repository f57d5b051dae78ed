import type { Analyst, LatestResearchItem } from '@portal/contract';
import { Link } from 'react-router';
import { AnalystAvatar } from '../../../components/analyst-avatar.tsx';
import { analystPath, formatPublishedDate, parseUtc, reportPath } from '../../../lib/format.ts';
import classes from './carousel-slides.module.css';

const isoOf = (value: string) => {
  const date = parseUtc(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/** A report of the Our Research carousel: its existence only (sector, title, analysts, date). */
export function ResearchSlide({ item }: { item: LatestResearchItem }) {
  return (
    <article className={classes.research}>
      <p className={classes.eyebrow}>{item.sector?.sName ?? 'Research'}</p>
      <h3 className={classes.title}>
        <Link to={reportPath(item.id, item.title)} className={classes.titleLink}>
          {item.title}
        </Link>
      </h3>
      <p className={classes.meta}>
        {item.analysts.length > 0 && (
          <span className={classes.analysts}>{item.analysts.map((a) => a.name).join(', ')}</span>
        )}
        <time dateTime={isoOf(item.published_date)}>{formatPublishedDate(item.published_date)}</time>
      </p>
    </article>
  );
}

/** A member of the Our People carousel: photo, name linking to the profile, designation and sectors. */
export function PersonSlide({ person }: { person: Analyst }) {
  return (
    <article className={classes.person}>
      <AnalystAvatar name={person.name} imagePath={person.image_path} size={96} />
      <h3 className={classes.personName}>
        <Link to={analystPath(person.id, person.name)} className={classes.titleLink}>
          {person.name}
        </Link>
      </h3>
      {person.designation && <p className={classes.role}>{person.designation}</p>}
      {person.sectors.length > 0 && (
        <p className={classes.sectors}>{person.sectors.map((s) => s.sName).join(' · ')}</p>
      )}
    </article>
  );
}
