import { Button, VisuallyHidden } from '@mantine/core';
import { connectLimits, messagesConnect } from '@portal/contract';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { Toasts } from '../../../components/toasts.tsx';
import { readerZone, zoneName } from '../../../lib/dates.ts';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import type { OpenSlot } from '../api/connect-api.ts';
import { useConnectReloads, useOpenSlots } from '../api/connect-queries.ts';
import { slotTimes } from '../lib/connect-time.ts';
import { notSubscribedText } from './appointment-page.tsx';
import { useBookingAction } from './booking-action.tsx';
import classes from './connect.module.css';

const m = messagesConnect.appointment;
const r = messagesConnect.reader;

/** A slot as the reader sees it (their zone) and as the analyst does (its own zone). */
const timesOf = (slot: OpenSlot, zone: string) =>
  slotTimes(
    {
      dUTC_StartDateTime: slot.dUTC_StartDateTime,
      dCAE_LocaleStartDateTime: `${slot.date}T${slot.time}:00`,
      TimezoneValue: slot.timezone,
    },
    zone,
  );

function OpenSlotCard({
  slot,
  zone,
  refused,
  onBook,
  onCancel,
}: {
  slot: OpenSlot;
  zone: string;
  refused: boolean;
  onBook: () => void;
  onCancel: () => void;
}) {
  const timeId = `open-slot-${slot.iCAE_Id}`;
  const held = slot.hide === connectLimits.bitTrue;
  const times = timesOf(slot, zone);
  return (
    <li className={classes.slotCard} aria-labelledby={timeId}>
      <p className={classes.cardDate} id={timeId}>
        {times.readerTime}
        <VisuallyHidden component="span">, {times.readerDate}</VisuallyHidden>
      </p>
      <p className={classes.cardLine}>
        {m.analystTime}: {times.analystTime}
      </p>
      {/* spec 3 section 2: 'AA==' is free (Book, Cancel hidden); 'AQ==' is the reader's (Cancel, Book hidden) */}
      {held ? (
        <Button size="sm" variant="outline" color="red.9" onClick={onCancel} aria-describedby={timeId}>
          {m.cancel}
        </Button>
      ) : refused ? null : (
        <Button size="sm" onClick={onBook} aria-describedby={timeId}>
          {m.book}
        </Button>
      )}
    </li>
  );
}

/** /connect/slots/{objectId}: the open slots of one analyst's calendar, booked and cancelled in place. */
export function SlotsPage({ objectId }: { objectId: number }) {
  const { user } = useSession();
  const personId = user?.iPSN_Id ?? null;
  const slots = useOpenSlots(personId, objectId);
  const reloads = useConnectReloads();
  const booking = useBookingAction(personId, () => reloads.openSlots(personId, objectId));
  const name = slots.data?.analyst.sPFN_FullName;
  const title = name ? m.slotsTitle(name) : r.openSlotsTitle;
  usePageTitle(title);

  let body: ReactNode;
  if (objectId <= 0) body = <EmptyState>{r.calendarNotFound}</EmptyState>;
  else if (slots.isPending) body = <LoadingState label={r.loadingSlots} />;
  else if (slots.isError)
    body = (
      <ErrorState
        message={r.slotsLoadFailed}
        onRetry={() => void slots.refetch()}
        retryLabel={messagesConnect.registration.retry}
      />
    );
  else if (slots.data.slots.length === 0) body = <EmptyState>{m.noSlots}</EmptyState>;
  else {
    // A month of slots in one list is a long scroll on a phone: they are grouped by the reader's day, a heading
    // each, with compact cards. The not-subscribed refusal is the analyst's, so it is said once, above them.
    const zone = readerZone();
    const days = new Map<string, { label: string; slots: OpenSlot[] }>();
    for (const slot of slots.data.slots) {
      const times = timesOf(slot, zone);
      const day = days.get(times.readerDay) ?? { label: times.readerDate, slots: [] };
      day.slots.push(slot);
      days.set(times.readerDay, day);
    }
    const refused = slots.data.slots.some(
      (slot) => slot.hide !== connectLimits.bitTrue && slot.notSubscribed === connectLimits.bitTrue,
    );
    body = (
      <>
        {/* the zones once, above the cards: each card shows the two times only */}
        <p className={classes.cardLine}>
          {m.yourTime}: {zoneName(zone)}
          <br />
          {m.analystTime}: {zoneName(slots.data.analyst.sTimeZone)} ({slots.data.analyst.sTimeZone})
        </p>
        {refused && <p className={classes.refusal}>{notSubscribedText()}</p>}
        {[...days].map(([day, { label, slots: daySlots }]) => (
          <section key={day} className={classes.day} aria-labelledby={`open-day-${day}`}>
            <h2 className={classes.dayTitle} id={`open-day-${day}`}>
              {label}
            </h2>
            <ul className={classes.slotCards}>
              {daySlots.map((slot) => (
                <OpenSlotCard
                  key={slot.iCAE_Id}
                  slot={slot}
                  zone={zone}
                  refused={refused}
                  onBook={() =>
                    booking.ask({ action: 'book', slotId: slot.iCAE_Id, objectId: slot.iCAO_ObjId })
                  }
                  onCancel={() =>
                    booking.ask({ action: 'cancel', slotId: slot.iCAE_Id, objectId: slot.iCAO_ObjId })
                  }
                />
              ))}
            </ul>
          </section>
        ))}
      </>
    );
  }

  return (
    <div className={classes.page}>
      <Toasts />
      <header className={classes.header}>
        <h1 className={classes.title}>{title}</h1>
      </header>
      {body}
      {booking.dialog}
    </div>
  );
}
