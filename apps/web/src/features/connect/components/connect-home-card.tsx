import { messagesConnect } from '@portal/contract';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { formatInZone, readerZone } from '../../../lib/dates.ts';
import type { AppointmentSlot, BookingAnalyst } from '../api/connect-api.ts';
import { useBookingAnalysts, useCalendars, useConnectEvents } from '../api/connect-queries.ts';
import { isDateToBeConfirmed } from '../lib/connect-time.ts';
import { isRegistered } from '../lib/event-view.ts';
import classes from './connect-home-card.module.css';

const m = messagesConnect.home;
const r = messagesConnect.registration;
/** Events listed when the reader holds no registration: the next few, as a way in. */
const NEXT_EVENTS = 3;

interface Meeting {
  analyst: BookingAnalyst;
  slot: AppointmentSlot;
}

/**
 * The signed-in home's CONNECT card (issue 21: CONNECT had no way in but a report's "Talk to the Analyst"): the
 * events the reader registered for (else the next events) and the analyst meetings they booked, each leading to
 * its CONNECT screen. It reads CONNECT's own calls (GET /connect/events, /connect/analysts and each taking
 * analyst's /connect/appointments), under the keys the CONNECT screens use, so a visit there reuses them.
 */
export function ConnectHomeCard({ userId }: { userId: number }) {
  const headingId = useId();
  const events = useConnectEvents(userId);
  const analysts = useBookingAnalysts();
  const calendars = useCalendars(analysts.data ?? [], userId);
  const zone = readerZone();

  const loading = events.isPending || analysts.isPending || calendars.some((c) => c.isPending);
  const failed = events.isError || analysts.isError || calendars.some((c) => c.isError);
  const retry = () => {
    if (events.isError) void events.refetch();
    if (analysts.isError) void analysts.refetch();
    for (const calendar of calendars) if (calendar.isError) void calendar.refetch();
  };

  const all = events.data ?? [];
  const mine = all.filter(isRegistered);
  const shownEvents = mine.length > 0 ? mine : all.slice(0, NEXT_EVENTS);
  const meetings: Meeting[] = calendars
    .flatMap((calendar) =>
      calendar.data
        ? calendar.data.events
            .filter((slot) => slot.booked)
            .map((slot) => ({ analyst: calendar.data.analyst, slot }))
        : [],
    )
    .sort((a, b) => a.slot.dUTC_StartDateTime.localeCompare(b.slot.dUTC_StartDateTime));

  let body: ReactNode;
  if (loading) body = <LoadingState label={m.loading} />;
  else if (failed) body = <ErrorState message={m.loadFailed} onRetry={retry} retryLabel={r.retry} />;
  else
    body = (
      <div className={classes.columns}>
        <div data-connect-home="events">
          <h3 className={classes.subheading}>{mine.length > 0 ? m.yourEvents : m.nextEvents}</h3>
          {shownEvents.length === 0 ? (
            <p className={classes.empty}>{m.noEvents}</p>
          ) : (
            <ul className={classes.list}>
              {shownEvents.map((event) => (
                <li key={event.iCAE_Id} className={classes.item}>
                  <Link to={`/connect/registration/${event.iCAE_Id}`} className={classes.title}>
                    {event.sEvtName}
                  </Link>
                  <span className={classes.meta}>
                    {isDateToBeConfirmed(event.iEvtType_PikId)
                      ? r.dateToBeConfirmed
                      : formatInZone(event.dUTC_EvtDate, zone)}
                    {event.sRegistrationStatus !== 'none' && (
                      <>
                        <span aria-hidden="true"> · </span>
                        <span className={classes.status}>
                          {event.sRegistrationStatus === 'approved' ? r.approved : r.pending}
                        </span>
                      </>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Link to="/connect/registration" className={classes.more}>
            {m.allEvents}
          </Link>
        </div>
        <div data-connect-home="meetings">
          <h3 className={classes.subheading}>{m.meetings}</h3>
          {meetings.length === 0 ? (
            <p className={classes.empty}>{m.noMeeting}</p>
          ) : (
            <ul className={classes.list}>
              {meetings.map(({ analyst, slot }) => (
                <li key={slot.iCAE_Id} className={classes.item}>
                  <Link to={`/connect/appointment/${analyst.id}`} className={classes.title}>
                    {m.meetingWith(analyst.sPFN_FullName)}
                  </Link>
                  <span className={classes.meta}>{formatInZone(slot.dUTC_StartDateTime, zone)}</span>
                </li>
              ))}
            </ul>
          )}
          <Link to="/connect/appointment" className={classes.more}>
            {m.book}
          </Link>
        </div>
      </div>
    );

  return (
    <section className={classes.card} aria-labelledby={headingId} data-home-card="connect">
      <h2 id={headingId} className={classes.heading}>
        {m.title}
      </h2>
      {body}
    </section>
  );
}
