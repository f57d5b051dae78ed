// Popover, Combobox and the dates' styles only here: the screen is lazy, none of it reaches the login route.
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/dates/styles.css';
import { Badge, Button, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { connectLimits, messagesConnect } from '@portal/contract';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { Pager } from '../../../components/pager.tsx';
import { showToast, Toasts } from '../../../components/toasts.tsx';
import { readerZone } from '../../../lib/dates.ts';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';
import { htmlToText, renderSafeHtml } from '../../../lib/safe-html.tsx';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import type { AppointmentSlot, BookingAnalyst } from '../api/connect-api.ts';
import {
  useAppointments,
  useBookingAnalysts,
  useConnectConfig,
  useConnectParameter,
  useConnectReloads,
} from '../api/connect-queries.ts';
import { pageOfDay, slotTimes } from '../lib/connect-time.ts';
import { useBookingAction } from './booking-action.tsx';
import classes from './connect.module.css';

const m = messagesConnect.appointment;

/** The spec's not-subscribed refusal, naming the firm and its sales contact (the runtime config has the firm). */
export const notSubscribedText = () => {
  const { firm } = getRuntimeConfig();
  return messagesConnect.notSubscribed(firm.name, firm.email);
};

function SlotCard({
  slot,
  zone,
  onBook,
  onCancel,
}: {
  slot: AppointmentSlot;
  zone: string;
  onBook: () => void;
  onCancel: () => void;
}) {
  const t = slotTimes(slot, zone);
  const dateId = `slot-${slot.iCAE_Id}`;
  const refused = slot.notSubscribed === connectLimits.bitTrue;
  return (
    <li className={classes.card} aria-labelledby={dateId}>
      <p className={classes.cardDate} id={dateId}>
        {t.readerDate}, {t.readerTime}
      </p>
      <p className={classes.cardLine}>
        {m.yourTime}: {t.readerZone}
      </p>
      <p className={classes.cardLine}>
        {m.analystTime}: {t.analystDate}, {t.analystTime} ({t.analystZone})
      </p>
      {slot.booked && (
        <Badge color="#1e6b34" variant="filled" w="fit-content">
          {m.booked}
        </Badge>
      )}
      {refused ? (
        <p className={classes.refusal}>{notSubscribedText()}</p>
      ) : slot.booked ? (
        <Button variant="outline" color="red.9" onClick={onCancel} aria-describedby={dateId}>
          {m.cancel}
        </Button>
      ) : (
        <Button onClick={onBook} aria-describedby={dateId}>
          {m.book}
        </Button>
      )}
    </li>
  );
}

function AnalystSlots({
  analyst,
  personId,
  userId,
}: {
  analyst: BookingAnalyst;
  personId: number | null;
  userId: number | null;
}) {
  const appointments = useAppointments(analyst.iCAO_ObjId, userId);
  // cards per page: sConnectConfigJSON's eventsPerPage (the contract's 8 by default)
  const perPage = useConnectConfig().eventsPerPage;
  const noneText = useConnectParameter('sRshWebConnAppNoAppointments');
  const [page, setPage] = useState(1);
  const [day, setDay] = useState<string | null>(null);
  const phone = useMediaQuery('(max-width: 767.98px)');
  const zone = readerZone();
  const reloads = useConnectReloads();
  const booking = useBookingAction(personId, () => reloads.calendar(analyst.iCAO_ObjId));
  const slots = appointments.data?.events ?? [];
  const days = useMemo(() => slots.map((slot) => slotTimes(slot, zone).readerDay), [slots, zone]);
  const pages = Math.max(1, Math.ceil(slots.length / perPage));
  const current = Math.min(page, pages);

  const jump = (value: string | null) => {
    setDay(value);
    if (!value) return;
    const target = pageOfDay(days, value.slice(0, 10), perPage);
    if (target === null) showToast(false, m.noEventsOnDate);
    else setPage(target);
  };

  let body: ReactNode;
  if (appointments.isPending) body = <LoadingState label={messagesConnect.reader.loadingAppointments} />;
  else if (appointments.isError)
    body = (
      <ErrorState
        message={m.loadFailed}
        onRetry={() => void appointments.refetch()}
        retryLabel={messagesConnect.registration.retry}
      />
    );
  else if (slots.length === 0)
    body = <EmptyState>{noneText.data ? renderSafeHtml(noneText.data) : m.noSlots}</EmptyState>;
  else
    body = (
      <>
        <ul className={classes.cards} aria-label={analyst.sPFN_FullName}>
          {slots.slice((current - 1) * perPage, current * perPage).map((slot) => (
            <SlotCard
              key={slot.iCAE_Id}
              slot={slot}
              zone={zone}
              onBook={() => booking.ask({ action: 'book', slotId: slot.iCAE_Id, objectId: slot.iCAO_ObjId })}
              onCancel={() =>
                booking.ask({ action: 'cancel', slotId: slot.iCAE_Id, objectId: slot.iCAO_ObjId })
              }
            />
          ))}
        </ul>
        <div className={classes.pager}>
          <Pager
            total={pages}
            value={current}
            onChange={setPage}
            labels={{
              nav: m.pageOf(current, pages),
              page: (n) => m.pageOf(n, pages),
              previous: m.previous,
              next: m.next,
            }}
          />
          <span aria-live="polite">{m.pageOf(current, pages)}</span>
        </div>
      </>
    );

  return (
    <>
      <div className={classes.toolbar}>
        <DatePickerInput
          label={m.date}
          value={day}
          onChange={(value) => jump(value ? String(value) : null)}
          clearable
          dropdownType={phone ? 'modal' : 'popover'}
          valueFormat="ddd D MMM YYYY"
          defaultDate={days[0]}
        />
      </div>
      {body}
      <p>
        <Link to={`/connect/slots/${analyst.iCAO_ObjId}`}>{m.openSlots}</Link>
      </p>
      {booking.dialog}
    </>
  );
}

/**
 * /connect/appointment and /connect/appointment/{analystId} (spec 3 section 2): the analyst dropdown (the URL
 * holds the choice, as the viewer's talk-to-analyst link builds it), the analyst's slots in pages of 8 with a
 * date picker, and booking with confirmation.
 */
export function AppointmentPage({ analystId }: { analystId: number | null }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const headline = useConnectParameter('sRshWebConnAppHeadline');
  const subheading = useConnectParameter('sRshWebConnAppSubHeading');
  const analysts = useBookingAnalysts();
  const sorted = useMemo(
    () => [...(analysts.data ?? [])].sort((a, b) => a.sPFN_FullName.localeCompare(b.sPFN_FullName)),
    [analysts.data],
  );
  const chosen = sorted.find((analyst) => analyst.id === analystId) ?? null;
  const title = htmlToText(headline.data ?? '') || m.analysts;
  usePageTitle(title);

  return (
    <div className={classes.page}>
      <Toasts />
      <header className={classes.header}>
        <h1 className={classes.title}>{title}</h1>
        {subheading.data && <p className={classes.lead}>{htmlToText(subheading.data)}</p>}
      </header>
      {analysts.isError ? (
        <ErrorState
          message={m.loadFailed}
          onRetry={() => void analysts.refetch()}
          retryLabel={messagesConnect.registration.retry}
        />
      ) : (
        <div className={classes.toolbar}>
          <Select
            label={m.analysts}
            data={sorted.map((analyst) => ({ value: String(analyst.id), label: analyst.sPFN_FullName }))}
            value={chosen ? String(chosen.id) : null}
            onChange={(value) => value && void navigate(`/connect/appointment/${value}`)}
            searchable
            allowDeselect={false}
            nothingFoundMessage={m.selectAnalyst}
            disabled={analysts.isPending}
          />
        </div>
      )}
      <h2 className={classes.campaignTitle}>{chosen ? chosen.sPFN_FullName : m.selectAnalyst}</h2>
      {chosen && (
        <AnalystSlots
          key={chosen.iCAO_ObjId}
          analyst={chosen}
          personId={user?.iPSN_Id ?? null}
          userId={user?.id ?? null}
        />
      )}
    </div>
  );
}
