import { Button } from '@mantine/core';
import { connectLimits, messagesConnect } from '@portal/contract';
import type { ReactNode } from 'react';
import { Toasts } from '../../../components/toasts.tsx';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import type { OpenSlot } from '../api/connect-api.ts';
import { useOpenSlots } from '../api/connect-queries.ts';
import { formatInZone, readerZone } from '../lib/connect-time.ts';
import { notSubscribedText } from './appointment-page.tsx';
import { useBookingAction } from './booking-action.tsx';
import classes from './connect.module.css';
import { EmptyState, ErrorState, LoadingState } from './states.tsx';

const m = messagesConnect.appointment;
const r = messagesConnect.reader;

function OpenSlotCard({
  slot,
  onBook,
  onCancel,
}: {
  slot: OpenSlot;
  onBook: () => void;
  onCancel: () => void;
}) {
  const dateId = `open-slot-${slot.iCAE_Id}`;
  const held = slot.hide === connectLimits.bitTrue;
  const refused = !held && slot.notSubscribed === connectLimits.bitTrue;
  return (
    <li className={classes.card} aria-labelledby={dateId}>
      <p className={classes.cardDate} id={dateId}>
        {slot.date} {slot.time}
      </p>
      <p className={classes.cardLine}>{slot.timezone}</p>
      <p className={classes.cardLine}>
        {m.yourTime}: {formatInZone(slot.dUTC_StartDateTime, readerZone())}
      </p>
      {/* spec 3 section 2: 'AA==' is free (Book, Cancel hidden); 'AQ==' is the reader's (Cancel, Book hidden) */}
      {held ? (
        <Button variant="outline" color="red.9" onClick={onCancel} aria-describedby={dateId}>
          {m.cancel}
        </Button>
      ) : refused ? (
        <p className={classes.refusal}>{notSubscribedText()}</p>
      ) : (
        <Button onClick={onBook} aria-describedby={dateId}>
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
  const booking = useBookingAction(personId, [
    ['connect-open-slots', personId, objectId],
    ['connect-appointments'],
  ]);
  const name = slots.data?.analyst.sPFN_FullName;
  const title = name ? m.slotsTitle(name) : r.openSlotsTitle;
  usePageTitle(title);

  let body: ReactNode;
  if (objectId <= 0) body = <EmptyState>{r.calendarNotFound}</EmptyState>;
  else if (slots.isPending) body = <LoadingState label={r.loadingSlots} />;
  else if (slots.isError)
    body = <ErrorState message={r.slotsLoadFailed} onRetry={() => void slots.refetch()} />;
  else if (slots.data.slots.length === 0) body = <EmptyState>{m.noSlots}</EmptyState>;
  else
    body = (
      <ul className={classes.cards} aria-label={title}>
        {slots.data.slots.map((slot) => (
          <OpenSlotCard
            key={slot.iCAE_Id}
            slot={slot}
            onBook={() => booking.ask({ action: 'book', slotId: slot.iCAE_Id, objectId: slot.iCAO_ObjId })}
            onCancel={() =>
              booking.ask({ action: 'cancel', slotId: slot.iCAE_Id, objectId: slot.iCAO_ObjId })
            }
          />
        ))}
      </ul>
    );

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
