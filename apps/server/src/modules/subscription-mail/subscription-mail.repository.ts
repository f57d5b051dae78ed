import { matrixConstants } from '@portal/contract';
import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import {
  mailEvents,
  matrixChanges,
  matrixItems,
  persons,
  pickListValues,
  reports,
  unsubscribeReasons,
} from '../../db/schema/index.ts';
import { addSeconds } from '../runtime.ts';

/** When the latest mail of one of these templates was recorded for the person (null: never). */
export const lastMailEventAt = async (db: Executor, personId: number, templates: readonly string[]) => {
  const rows = await db
    .select({ at: mailEvents.createdAt })
    .from(mailEvents)
    .where(and(eq(mailEvents.personId, personId), inArray(mailEvents.template, [...templates])))
    .orderBy(desc(mailEvents.createdAt))
    .limit(1);
  return rows[0]?.at ?? null;
};

/** The id of the person's latest mail event of this template written at or after `since`, or null. */
export const findRecentMailEvent = async (db: Executor, personId: number, template: string, since: Date) => {
  const rows = await db
    .select({ id: mailEvents.id })
    .from(mailEvents)
    .where(
      and(
        eq(mailEvents.personId, personId),
        eq(mailEvents.template, template),
        gte(mailEvents.createdAt, since),
      ),
    )
    .orderBy(desc(mailEvents.createdAt))
    .limit(1);
  return rows[0]?.id ?? null;
};

/** The person's matrix changes after `since` (all when null), oldest first. */
export const findMatrixChangesSince = async (db: Executor, personId: number, since: Date | null) =>
  db
    .select({ changes: matrixChanges.changes, createdAt: matrixChanges.createdAt })
    .from(matrixChanges)
    .where(
      since
        ? and(
            eq(matrixChanges.personId, personId),
            sql`${matrixChanges.createdAt} > ${since.toISOString()}::timestamptz`,
          )
        : eq(matrixChanges.personId, personId),
    )
    .orderBy(matrixChanges.createdAt, matrixChanges.id);

/** Names of matrix items by id, in the matrix's order. */
export const findItemNames = async (db: Executor, ids: readonly number[]) => {
  if (ids.length === 0) return [];
  return db
    .select({ id: matrixItems.id, name: matrixItems.name })
    .from(matrixItems)
    .where(inArray(matrixItems.id, [...ids]))
    .orderBy(matrixItems.sort, matrixItems.name);
};

/** The ids among these that are matrix items. */
export const knownItemIds = async (db: Executor, ids: readonly number[]) =>
  (await findItemNames(db, ids)).map((item) => item.id);

/** The ids among these (digits, or 'S-' and digits) that are reports, as digits. */
export const knownReportIds = async (db: Executor, ids: readonly string[]) => {
  const numbers = [
    ...new Set(
      ids.flatMap((id) => {
        const match = /^(?:S-)?(\d{1,9})$/i.exec(id.trim());
        return match ? [Number(match[1])] : [];
      }),
    ),
  ];
  if (numbers.length === 0) return [];
  return (await db.select({ id: reports.id }).from(reports).where(inArray(reports.id, numbers))).map((r) =>
    String(r.id),
  );
};

export const findPickListValue = async (db: Executor, mnemonic: string, valueId: number) => {
  const rows = await db
    .select({ valueId: pickListValues.valueId, text: pickListValues.text })
    .from(pickListValues)
    .where(and(eq(pickListValues.mnemonic, mnemonic), eq(pickListValues.valueId, valueId)));
  return rows[0] ?? null;
};

export const firstPickListValue = async (db: Executor, mnemonic: string) => {
  const rows = await db
    .select({ valueId: pickListValues.valueId, text: pickListValues.text })
    .from(pickListValues)
    .where(eq(pickListValues.mnemonic, mnemonic))
    .orderBy(pickListValues.sort, pickListValues.valueId)
    .limit(1);
  return rows[0] ?? null;
};

export const insertUnsubscribeReason = async (
  db: Executor,
  reason: {
    personId: number;
    productId: number;
    reasonId: number;
    otherText: string;
    byUserId: number | null;
    at: Date;
  },
) => {
  const [row] = await db
    .insert(unsubscribeReasons)
    .values({ ...reason, createdAt: reason.at })
    .returning({ id: unsubscribeReasons.id });
  return row!.id;
};

/** The person's latest unsubscribe reason after `since` (any when null), with the reason's pick list text. */
export const findLatestUnsubscribeReason = async (db: Executor, personId: number, since: Date | null) => {
  const rows = rowsOf<{ productId: number; otherText: string; reasonText: string | null; createdAt: Date }>(
    await db.execute(sql`select r.product_id as "productId", r.other_text as "otherText", v.text as "reasonText",
        r.created_at as "createdAt"
      from unsubscribe_reasons r
      left join pick_list_values v on v.mnemonic = ${matrixConstants.unsubscribeReasonsMnemonic} and v.value_id = r.reason_id
      where r.person_id = ${personId}
        ${since ? sql`and r.created_at > ${since.toISOString()}::timestamptz` : sql``}
      order by r.created_at desc, r.id desc limit 1`),
  );
  return rows[0] ?? null;
};

export const insertMailEvent = async (db: Executor, event: typeof mailEvents.$inferInsert) => {
  const [row] = await db.insert(mailEvents).values(event).returning({ id: mailEvents.id });
  return row!.id;
};

/**
 * Takes the person's unsubscribe-preference mail slot: sets the last-sent time to now only when it is empty or
 * older than `days`, in one statement, so two concurrent calls cannot both mail. True when taken.
 */
export const claimUnsubMailSlot = async (db: Executor, personId: number, now: Date, days: number) => {
  const rows = await db
    .update(persons)
    .set({ unsubMailLastSentAt: now })
    .where(
      and(
        eq(persons.id, personId),
        or(
          isNull(persons.unsubMailLastSentAt),
          lt(persons.unsubMailLastSentAt, addSeconds(now, -days * 86_400)),
        ),
      ),
    )
    .returning({ id: persons.id });
  return rows.length > 0;
};

export const setUnsubMailLastSent = (db: Executor, personId: number, at: Date) =>
  db.update(persons).set({ unsubMailLastSentAt: at }).where(eq(persons.id, personId));
