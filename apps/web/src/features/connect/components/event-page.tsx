import { Button, Checkbox, FileButton } from '@mantine/core';
import { messagesConnect, messagesVideos } from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { showToast, Toasts } from '../../../components/toasts.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatInZone, readerZone } from '../../../lib/dates.ts';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { type ConnectEvent, uploadBanner } from '../api/connect-api.ts';
import { useConnectEvent, useConnectReloads } from '../api/connect-queries.ts';
import { useEventReplay } from '../api/event-replay.ts';
import { isDateToBeConfirmed } from '../lib/connect-time.ts';
import { isRegistered } from '../lib/event-view.ts';
import classes from './connect.module.css';
import { RegisterButton } from './register-flow.tsx';

const m = messagesConnect.registration;

/** Spec 3 section 5: the banner must be a PNG; anything else is refused here before any upload. */
export const isPng = (file: File) =>
  file.type === 'image/png' || (file.type === '' && /\.png$/i.test(file.name));

/** The event's banner, or (none stored, or it fails to load) a gradient with the campaign's title: never a broken image. */
function Banner({ event, url }: { event: ConnectEvent; url: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = url && failed !== url;
  return (
    <div className={classes.banner}>
      {show && <img src={url} alt="" onError={() => setFailed(url)} />}
      {!show && <p className={classes.bannerTitle}>{event.sCmpTitle}</p>}
    </div>
  );
}

function ReplaceBanner({ eventId, onReplaced }: { eventId: number; onReplaced: (url: string) => void }) {
  const [busy, setBusy] = useState(false);
  const choose = async (file: File | null) => {
    if (!file) return;
    if (!isPng(file)) {
      showToast(false, m.bannerWrongType);
      return;
    }
    setBusy(true);
    try {
      const reply = await uploadBanner(eventId, file);
      showToast(true, m.bannerReplaced);
      onReplaced(reply.url);
    } catch (error) {
      showToast(false, error instanceof ApiError ? error.message : m.bannerWrongType);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FileButton onChange={(file) => void choose(file)} accept="image/png">
      {(props) => (
        <Button {...props} variant="outline" loading={busy}>
          {m.replaceBanner}
        </Button>
      )}
    </FileButton>
  );
}

function EventDetails({ event, admin }: { event: ConnectEvent; admin: boolean }) {
  const reloads = useConnectReloads();
  const [bannerUrl, setBannerUrl] = useState(event.sBannerUrl);
  const [checked, setChecked] = useState(true);
  const registered = isRegistered(event);
  const tbc = isDateToBeConfirmed(event.iEvtType_PikId);
  const zone = readerZone();
  usePageTitle(event.sEvtName);
  const past = !tbc && new Date(event.dUTC_EvtDate).getTime() < Date.now();
  const replay = useEventReplay(event.iCAE_Id, past);

  return (
    <article className={classes.page}>
      <Banner event={event} url={bannerUrl} />
      {admin && (
        <div className={classes.actions}>
          <ReplaceBanner
            eventId={event.iCAE_Id}
            onReplaced={(url) => {
              setBannerUrl(url);
              reloads.banner();
            }}
          />
        </div>
      )}
      <header className={classes.header}>
        <p className={classes.lead}>{event.sCmpTitle}</p>
        <h1 className={classes.title}>{event.sEvtName}</h1>
        {replay.data && (
          <p>
            <Link to={`/connect/videos/${replay.data.id}`}>{messagesVideos.watchReplay}</Link>
          </p>
        )}
      </header>
      <dl className={classes.times}>
        {tbc ? (
          <>
            <dt>{m.localTime}</dt>
            <dd>{m.dateToBeConfirmed}</dd>
          </>
        ) : (
          <>
            <dt>{m.universalTime}</dt>
            <dd>{formatInZone(event.dUTC_EvtDate, 'UTC')}</dd>
            <dt>{m.localTime}</dt>
            <dd>
              {formatInZone(event.dUTC_EvtDate, event.sTimeZone)}
              {event.sCity ? `, ${event.sCity}` : ''}
            </dd>
            <dt>{m.yourTime}</dt>
            <dd>{formatInZone(event.dUTC_EvtDate, zone)}</dd>
          </>
        )}
        {event.speaker.length > 0 && (
          <>
            <dt>{m.speakers}</dt>
            <dd>
              {event.speaker.map((s, index) => (
                <span key={`${s.sName}|${s.sTitle}`}>
                  {index > 0 && '; '}
                  {s.id ? <Link to={`/analysts/${s.id}`}>{s.sName}</Link> : s.sName}
                  {s.sTitle && `, ${s.sTitle}`}
                </span>
              ))}
            </dd>
          </>
        )}
      </dl>
      {event.sTopic && (
        <div className={classes.topic}>
          {event.sTopic.split(/\n\s*\n/).map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      )}
      <div className={classes.actions}>
        {registered ? (
          <p className={classes.status}>
            {event.sRegistrationStatus === 'approved' ? m.approved : m.pending}
          </p>
        ) : (
          <>
            <Checkbox
              size="md"
              label={event.sEvtName}
              checked={checked}
              onChange={(e) => setChecked(e.currentTarget.checked)}
            />
            <RegisterButton checked={checked ? [event.iCAE_Id] : []} onRegistered={() => undefined} />
          </>
        )}
      </div>
      <p>
        <Link to="/connect/registration">{m.backToEvents}</Link>
      </p>
    </article>
  );
}

/** /connect/registration/{id}: one event, its banner, times and registration (spec 3 section 2). */
export function EventPage({ eventId }: { eventId: number }) {
  const { user } = useSession();
  const event = useConnectEvent(eventId, user?.id ?? null);
  let body: ReactNode;
  if (eventId > 0 && event.isPending) body = <LoadingState label={m.loading} />;
  else if (event.isError)
    body = (
      <ErrorState
        message={m.loadFailed}
        onRetry={() => void event.refetch()}
        retryLabel={messagesConnect.registration.retry}
      />
    );
  else if (!event.data)
    body = (
      <EmptyState>
        <p>{m.eventNotFound}</p>
        <Link to="/connect/registration">{m.backToEvents}</Link>
      </EmptyState>
    );
  else body = <EventDetails event={event.data} admin={user?.type === 'admin'} />;
  return (
    <div className={classes.page}>
      <Toasts />
      {body}
    </div>
  );
}
