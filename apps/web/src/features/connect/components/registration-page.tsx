import { Checkbox } from '@mantine/core';
import { messagesConnect } from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { Toasts } from '../../../components/toasts.tsx';
import { formatInZone, readerZone } from '../../../lib/dates.ts';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import type { ConnectEvent } from '../api/connect-api.ts';
import { useConnectEvents } from '../api/connect-queries.ts';
import { isDateToBeConfirmed } from '../lib/connect-time.ts';
import { groupByCampaign, isRegistered, speakerLine } from '../lib/event-view.ts';
import classes from './connect.module.css';
import { RegisterButton } from './register-flow.tsx';

const m = messagesConnect.registration;

/** When an event takes place, in the reader's zone with the zone named, or 'Date to be confirmed'. */
export const eventWhen = (event: ConnectEvent, zone: string) =>
  isDateToBeConfirmed(event.iEvtType_PikId) ? m.dateToBeConfirmed : formatInZone(event.dUTC_EvtDate, zone);

function EventRow({
  event,
  checked,
  onToggle,
  zone,
}: {
  event: ConnectEvent;
  checked: boolean;
  onToggle: (on: boolean) => void;
  zone: string;
}) {
  const registered = isRegistered(event);
  const nameId = `connect-event-${event.iCAE_Id}`;
  const speakers = speakerLine(event);
  return (
    <li className={classes.eventRow} id={`event-${event.iCAE_Id}`}>
      <Checkbox
        size="md"
        checked={registered || checked}
        disabled={registered}
        onChange={(e) => onToggle(e.currentTarget.checked)}
        aria-labelledby={nameId}
      />
      <div>
        <p className={classes.eventName}>
          <Link to={`/connect/registration/${event.iCAE_Id}`} id={nameId}>
            {event.sEvtName}
          </Link>
        </p>
        <p className={classes.meta}>
          <span>{eventWhen(event, zone)}</span>
          {event.sCity && <span>{event.sCity}</span>}
          {registered && (
            <span className={classes.status}>
              {event.sRegistrationStatus === 'approved' ? m.approved : m.pending}
            </span>
          )}
        </p>
        {speakers && (
          <p className={classes.meta}>
            <span>
              {m.speakers}: {speakers}
            </span>
          </p>
        )}
      </div>
    </li>
  );
}

/** /connect/registration: upcoming events grouped by campaign, checked and registered together (spec 3 section 2). */
export function RegistrationPage() {
  usePageTitle(m.title);
  const { user } = useSession();
  const events = useConnectEvents(user?.id ?? null);
  const [checked, setChecked] = useState<number[]>([]);
  const zone = readerZone();

  const toggle = (id: number, on: boolean) =>
    setChecked((list) => (on ? [...new Set([...list, id])] : list.filter((x) => x !== id)));

  let body: ReactNode;
  if (events.isPending) body = <LoadingState label={m.loading} />;
  else if (events.isError)
    body = (
      <ErrorState
        message={m.loadFailed}
        onRetry={() => void events.refetch()}
        retryLabel={messagesConnect.registration.retry}
      />
    );
  else if (events.data.length === 0) body = <EmptyState>{m.empty}</EmptyState>;
  else {
    body = (
      <>
        {groupByCampaign(events.data).map((group) => (
          <section
            key={group.iCMP_Id}
            className={classes.campaign}
            aria-labelledby={`campaign-${group.iCMP_Id}`}
          >
            <h2 className={classes.campaignTitle} id={`campaign-${group.iCMP_Id}`}>
              {group.sCmpTitle}
            </h2>
            <ul className={classes.eventList}>
              {group.events.map((event) => (
                <EventRow
                  key={event.iCAE_Id}
                  event={event}
                  zone={zone}
                  checked={checked.includes(event.iCAE_Id)}
                  onToggle={(on) => toggle(event.iCAE_Id, on)}
                />
              ))}
            </ul>
          </section>
        ))}
        <div className={classes.actions}>
          <RegisterButton checked={checked} onRegistered={() => setChecked([])} />
        </div>
      </>
    );
  }

  return (
    <div className={classes.page}>
      <Toasts />
      <header className={classes.header}>
        <h1 className={classes.title}>{m.title}</h1>
        <p className={classes.lead}>{m.intro}</p>
      </header>
      {body}
    </div>
  );
}
