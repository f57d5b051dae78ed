import { messagesResearch } from '@portal/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/status.tsx';
import { useAnalyst } from '../../features/research/api/research-queries.ts';
import { FollowAnalyst } from '../../features/research/components/follow-analyst.tsx';
import classes from '../../features/research/components/pages.module.css';
import { ResearchList } from '../../features/research/components/research-list.tsx';
import { EditBiography } from '../../features/site-admin/components/edit-biography.tsx';
import { idFromParam, imageUrl, initialsOf } from '../../lib/format.ts';
import { useBookingLink } from '../../lib/parameters.ts';
import { renderRichHtml } from '../../lib/safe-html.tsx';
import { useSession } from '../../lib/session.ts';
import { telHref } from '../../lib/tel-href.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

function ProfilePhoto({ name, imagePath }: { name: string; imagePath: string | null }) {
  const [failed, setFailed] = useState(false);
  const src = imageUrl(imagePath);
  return src && !failed ? (
    <img
      className={classes.photo}
      src={src}
      alt=""
      width={180}
      height={180}
      onError={() => setFailed(true)}
    />
  ) : (
    <span className={classes.photo} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

function TalkToAnalyst({ id, jobCategory }: { id: number; jobCategory: string }) {
  const { enabled, label } = useBookingLink();
  if (!enabled || jobCategory !== 'Analysts') return null;
  return (
    <p>
      <Link to={`/connect/appointment/${id}`}>{label}</Link>
    </p>
  );
}

/** /analysts/{id}_{slug}: profile, contact, booking link and, for signed-in readers, the analyst's reports. */
export default function AnalystRoute() {
  const id = idFromParam(useParams().id);
  const analyst = useAnalyst(id);
  const { user } = useSession();
  const person = analyst.data;
  usePageTitle(person?.name ?? (analyst.isPending && id > 0 ? 'Analyst' : messagesResearch.analystMissing));

  if (id > 0 && analyst.isPending) return <LoadingState label="Loading analyst" />;
  if (analyst.isError)
    return <ErrorState message={analyst.error.message} onRetry={() => void analyst.refetch()} />;
  if (!person)
    return (
      <div className={classes.page}>
        <h1 className={classes.title}>{messagesResearch.analystMissing}</h1>
      </div>
    );

  return (
    <div className={classes.page}>
      <section className={classes.profile} aria-labelledby="analyst-name">
        <ProfilePhoto name={person.name} imagePath={person.image_path} />
        <div className={classes.header}>
          <p className={classes.eyebrow}>{person.sectors.map((s) => s.sName).join(' · ') || 'Analyst'}</p>
          <h1 id="analyst-name" className={classes.title}>
            {person.name}
          </h1>
          {person.designation && <p className={classes.lead}>{person.designation}</p>}
          <dl className={classes.contact}>
            {person.email && (
              <div>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${person.email}`}>{person.email}</a>
                </dd>
              </div>
            )}
            {person.phone && (
              <div>
                <dt>Phone</dt>
                <dd>
                  <a href={telHref(person.phone)}>{person.phone}</a>
                </dd>
              </div>
            )}
          </dl>
          <EditBiography entity="U" id={person.id} name={person.name} html={person.description}>
            <div className={classes.rich}>
              {person.description?.trim() ? (
                renderRichHtml(person.description)
              ) : (
                <p>{messagesResearch.analystNoDescription}</p>
              )}
            </div>
          </EditBiography>
          <TalkToAnalyst id={person.id} jobCategory={person.sJobCat} />
          {user && <FollowAnalyst analystId={person.id} name={person.name} />}
        </div>
      </section>
      {user ? (
        <section aria-labelledby="analyst-reports">
          <h2 id="analyst-reports" className={classes.sectionTitle}>
            Research by {person.name}
          </h2>
          <ResearchList title={`Reports by ${person.name}`} base={{ type: 'all', analyst: person.id }} />
        </section>
      ) : (
        <EmptyState>
          <Link to={`/login?redirectUrl=${encodeURIComponent(window.location.pathname)}`}>Sign in</Link> to
          read {person.name}’s research.
        </EmptyState>
      )}
    </div>
  );
}
