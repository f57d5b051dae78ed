import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { connectBookings, connectCalendars, connectSlots } from '../../db/schema/connect.ts';
import { analystSectors, analysts, sectors, users } from '../../db/schema/index.ts';

/**
 * Appointment calendars, their slots and bookings (issue 15; spec 3 section 2 "Appointment booking" and "Open-slot
 * booking page"). Booking is one insert that the partial unique index on live bookings lets win or conflict, and
 * cancelling one conditional update: no check-then-write in application memory.
 */

/** Only analysts of this job category take bookings (spec 1: the booking link shows only for them). */
export const bookingJobCategory = 'Analysts';

export interface CalendarRow {
  calendarId: number;
  timeZone: string;
  analystId: number;
  name: string;
  email: string;
  jobCategory: string;
  sectors: Array<{ id: number; name: string }>;
}

const calendarColumns = {
  calendarId: connectCalendars.id,
  timeZone: connectCalendars.timeZone,
  analystId: analysts.id,
  name: analysts.name,
  email: analysts.email,
  jobCategory: analysts.jobCategory,
};

const withSectors = async (
  db: Executor,
  rows: Array<Omit<CalendarRow, 'sectors'>>,
): Promise<CalendarRow[]> => {
  if (rows.length === 0) return [];
  const links = await db
    .select({ analystId: analystSectors.analystId, id: sectors.id, name: sectors.name })
    .from(analystSectors)
    .innerJoin(sectors, eq(sectors.id, analystSectors.sectorId))
    .where(
      inArray(
        analystSectors.analystId,
        rows.map((row) => row.analystId),
      ),
    )
    .orderBy(asc(sectors.name), asc(sectors.id));
  return rows.map((row) => ({
    ...row,
    sectors: links
      .filter((link) => link.analystId === row.analystId)
      .map((link) => ({ id: link.id, name: link.name })),
  }));
};

/** An analyst takes bookings while of job category 'Analysts' and an active member (the catalogue's rule). */
const takesBookings = and(
  eq(analysts.jobCategory, bookingJobCategory),
  eq(analysts.membershipStatus, 'active'),
);

/** The analysts taking bookings (a calendar, job category 'Analysts', active), sorted by full name. */
export const listBookingCalendars = async (db: Executor) =>
  withSectors(
    db,
    await db
      .select(calendarColumns)
      .from(connectCalendars)
      .innerJoin(analysts, eq(analysts.id, connectCalendars.analystId))
      .where(takesBookings)
      .orderBy(asc(analysts.name), asc(connectCalendars.id)),
  );

/** One calendar with its analyst, or null (unknown, or its analyst takes no bookings). */
export const findBookingCalendar = async (db: Executor, calendarId: number) => {
  const rows = await db
    .select(calendarColumns)
    .from(connectCalendars)
    .innerJoin(analysts, eq(analysts.id, connectCalendars.analystId))
    .where(and(eq(connectCalendars.id, calendarId), takesBookings));
  const [row] = await withSectors(db, rows);
  return row ?? null;
};

export interface SlotListRow {
  id: number;
  calendarId: number;
  startsAt: Date;
  durationMinutes: number;
  /** the caller holds the slot's live booking */
  heldByCaller: boolean;
}

/**
 * A calendar's slots starting in (from, to) that are free or held by the user, in time order. Slots someone else
 * holds are left out: who booked them is nobody else's business.
 */
export const listOpenSlots = async (
  db: Executor,
  input: { calendarId: number; userId: number; from: Date; to: Date },
): Promise<SlotListRow[]> => {
  const rows = await db
    .select({
      id: connectSlots.id,
      calendarId: connectSlots.calendarId,
      startsAt: connectSlots.startsAt,
      durationMinutes: connectSlots.durationMinutes,
      bookerId: connectBookings.userId,
    })
    .from(connectSlots)
    .leftJoin(
      connectBookings,
      and(eq(connectBookings.slotId, connectSlots.id), isNull(connectBookings.cancelledAt)),
    )
    .where(
      and(
        eq(connectSlots.calendarId, input.calendarId),
        gt(connectSlots.startsAt, input.from),
        lt(connectSlots.startsAt, input.to),
        or(isNull(connectBookings.id), eq(connectBookings.userId, input.userId)),
      ),
    )
    .orderBy(asc(connectSlots.startsAt), asc(connectSlots.id));
  return rows.map(({ bookerId, ...row }) => ({ ...row, heldByCaller: bookerId === input.userId }));
};

/**
 * A slot with its calendar, analyst and the analyst's sectors in one query (the book and cancel calls' hot path),
 * or null when the slot is not one of that calendar's or the analyst takes no bookings.
 */
export const findSlotWithCalendar = async (db: Executor, slotId: number, calendarId: number) => {
  const [row] = rowsOf<
    Omit<CalendarRow, 'sectors'> & {
      sectors: CalendarRow['sectors'];
      slotId: number;
      startsAt: Date | string;
      durationMinutes: number;
    }
  >(
    await db.execute(sql`
      select s.id as "slotId", s.starts_at as "startsAt", s.duration_minutes as "durationMinutes",
             c.id as "calendarId", c.time_zone as "timeZone", a.id as "analystId", a.name, a.email,
             a.job_category as "jobCategory",
             coalesce((select json_agg(json_build_object('id', x.id, 'name', x.name) order by x.name, x.id)
                       from analyst_sectors y join sectors x on x.id = y.sector_id
                       where y.analyst_id = a.id), '[]'::json) as sectors
      from connect_slots s
      join connect_calendars c on c.id = s.calendar_id
      join analysts a on a.id = c.analyst_id
      where s.id = ${slotId} and c.id = ${calendarId} and a.job_category = ${bookingJobCategory}
        and a.membership_status = 'active'`),
  );
  if (!row) return null;
  const { slotId: id, startsAt, durationMinutes, ...calendar } = row;
  return {
    calendar: calendar as CalendarRow,
    slot: {
      id,
      startsAt: startsAt instanceof Date ? startsAt : new Date(startsAt),
      durationMinutes,
    },
  };
};

/**
 * Books a slot: one insert that wins the slot or, when a live booking holds it (the partial unique index), does
 * nothing. Answers the new booking's id, or null when the slot was taken (by anyone, the caller included).
 */
export const insertBooking = async (
  db: Executor,
  input: { slotId: number; userId: number; personId: number | null; at: Date },
) => {
  const [row] = await db
    .insert(connectBookings)
    .values({ slotId: input.slotId, userId: input.userId, personId: input.personId, bookedAt: input.at })
    .onConflictDoNothing()
    .returning({ id: connectBookings.id });
  return row?.id ?? null;
};

/** Who holds the slot's live booking (after a lost insert: the caller or someone else), or null. */
export const liveBookerOf = async (db: Executor, slotId: number) => {
  const [row] = await db
    .select({ userId: connectBookings.userId })
    .from(connectBookings)
    .where(and(eq(connectBookings.slotId, slotId), isNull(connectBookings.cancelledAt)));
  return row?.userId ?? null;
};

/** Cancels the user's live booking of the slot: one conditional update. Answers the booking's id, or null. */
export const cancelLiveBooking = async (
  db: Executor,
  input: { slotId: number; userId: number; at: Date },
) => {
  const [row] = await db
    .update(connectBookings)
    .set({ cancelledAt: input.at })
    .where(
      and(
        eq(connectBookings.slotId, input.slotId),
        eq(connectBookings.userId, input.userId),
        isNull(connectBookings.cancelledAt),
      ),
    )
    .returning({ id: connectBookings.id });
  return row?.id ?? null;
};

export interface Reader {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  type: 'admin' | 'npi' | 'client';
  personId: number | null;
  hidden: boolean;
  emailVerifiedAt: Date | null;
  activatedAt: Date | null;
}

const readerColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  type: users.type,
  personId: users.personId,
  hidden: users.hidden,
  emailVerifiedAt: users.emailVerifiedAt,
  activatedAt: users.activatedAt,
};

/** The website user of a person (an admin acting for them), or null. */
export const findUserOfPerson = async (db: Executor, personId: number): Promise<Reader | null> => {
  const [row] = await db.select(readerColumns).from(users).where(eq(users.personId, personId));
  return row ?? null;
};

export const findReader = async (db: Executor, userId: number): Promise<Reader | null> => {
  const [row] = await db.select(readerColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
};
