import type { Analyst } from '@portal/contract';
import { Link } from 'react-router';
import { AnalystAvatar } from '../../../components/analyst-avatar.tsx';
import { analystPath, truncate } from '../../../lib/format.ts';
import { htmlToText } from '../../../lib/safe-html.tsx';
import classes from './pages.module.css';

/** A member of the team: photo, name linking to the profile, designation and, when asked, a short description. */
export function PersonCard({ person, descriptionLimit }: { person: Analyst; descriptionLimit?: number }) {
  const text =
    descriptionLimit && person.description ? truncate(htmlToText(person.description), descriptionLimit) : '';
  return (
    <article className={classes.person}>
      <AnalystAvatar name={person.name} imagePath={person.image_path} />
      <div className={classes.personBody}>
        <h3 className={classes.personName}>
          <Link to={analystPath(person.id, person.name)}>{person.name}</Link>
        </h3>
        {person.designation && <p className={classes.personRole}>{person.designation}</p>}
        {text && <p className={classes.personText}>{text}</p>}
      </div>
    </article>
  );
}

export function PersonCardPlaceholder() {
  return (
    <div className={classes.person} aria-hidden="true" data-skeleton>
      <span style={{ width: 60, height: 60, borderRadius: '50%', background: '#e9edf3', flexShrink: 0 }} />
      <div className={classes.personBody} style={{ flex: 1 }}>
        <span
          style={{ display: 'block', height: 14, width: '60%', background: '#e9edf3', borderRadius: 4 }}
        />
        <span
          style={{ display: 'block', height: 12, width: '40%', background: '#eef1f5', borderRadius: 4 }}
        />
        <span
          style={{ display: 'block', height: 12, width: '90%', background: '#eef1f5', borderRadius: 4 }}
        />
      </div>
    </div>
  );
}
