import { matrixConstants } from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { firms, personFieldValues, persons, pickListValues } from '../../db/schema/index.ts';

/** Reads of our CRM's persons that every part of the subscription side shares (issue 12). */
export interface PersonRecord {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  entity: 'U' | 'C';
  firmId: number | null;
  firmName: string | null;
  staff: boolean;
  source: 'crm' | 'web';
  unsubMailLastSentAt: Date | null;
}

export const fullNameOf = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

export const findPerson = async (db: Executor, personId: number): Promise<PersonRecord | null> => {
  const rows = await db
    .select({
      id: persons.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      email: persons.email,
      entity: persons.entity,
      firmId: persons.firmId,
      firmName: firms.name,
      staff: persons.staff,
      source: persons.source,
      unsubMailLastSentAt: persons.unsubMailLastSentAt,
    })
    .from(persons)
    .leftJoin(firms, eq(firms.id, persons.firmId))
    .where(eq(persons.id, personId));
  return rows[0] ?? null;
};

/** The person with this address (lower-cased), preferring the one a website user is linked to. */
export const findPersonByEmail = async (db: Executor, email: string) => {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select p.id from persons p
      where lower(p.email) = ${email.toLowerCase()}
      order by exists (select 1 from users u where u.person_id = p.id and not u.hidden) desc, p.id
      limit 1`),
  );
  const id = rows[0]?.id;
  return id === undefined ? null : findPerson(db, id);
};

/** The person's account managers (relationship 'Account Manager' to a staff person), by id. */
export const findAccountManagers = async (db: Executor, personId: number) =>
  rowsOf<{ id: number; firstName: string; lastName: string; email: string | null; entity: 'U' | 'C' }>(
    await db.execute(sql`select p.id, p.first_name as "firstName", p.last_name as "lastName", p.email, p.entity
      from person_relationships r join persons p on p.id = r.related_person_id
      where r.person_id = ${personId} and r.rel_type = 'Account Manager'
      order by p.id`),
  );

/** Persons by id (the configured sender, CC and BCC ids of a mail case); unknown ids are left out. */
export const findPersonsByIds = async (db: Executor, ids: readonly number[]) => {
  if (ids.length === 0) return [];
  return rowsOf<{ id: number; firstName: string; lastName: string; email: string | null }>(
    await db.execute(sql`select id, first_name as "firstName", last_name as "lastName", email from persons
      where id = any(${`{${ids.join(',')}}`}::int[]) order by id`),
  );
};

/** An existing client: a person with at least one Subscriber entry (decides the mail case ExstClient). */
export const isExistingClient = async (db: Executor, personId: number) =>
  rowsOf<{ yes: boolean }>(
    await db.execute(sql`select exists (select 1 from person_matrix pm
      join matrix_statuses z on z.id = pm.status_id
      where pm.person_id = ${personId} and z.name = ${matrixConstants.subscriberName}) as yes`),
  )[0]?.yes === true;

export const readPersonField = async (db: Executor, personId: number, fieldName: string) => {
  const rows = await db
    .select({ value: personFieldValues.value })
    .from(personFieldValues)
    .where(and(eq(personFieldValues.personId, personId), eq(personFieldValues.fieldName, fieldName)));
  return rows[0]?.value ?? null;
};

export const writePersonField = (
  db: Executor,
  personId: number,
  fieldName: string,
  value: string,
  at: Date,
) =>
  db
    .insert(personFieldValues)
    .values({ personId, fieldName, value, updatedAt: at })
    .onConflictDoUpdate({
      target: [personFieldValues.personId, personFieldValues.fieldName],
      set: { value, updatedAt: at },
    });

/** List mail (notifications, alerts, reminders) is not sent to a person whose psnRWSuppressEmails is '1'. */
export const suppressesListMail = async (db: Executor, personId: number) =>
  (await findPersonsSuppressingListMail(db, [personId])).has(personId);

/** Of these persons, the ones whose psnRWSuppressEmails is '1' (no list mail): a query per 10,000 persons. */
export async function findPersonsSuppressingListMail(db: Executor, personIds: readonly number[]) {
  const ids = [...new Set(personIds)];
  const suppressed = new Set<number>();
  for (let from = 0; from < ids.length; from += 10_000) {
    const rows = await db
      .select({ personId: personFieldValues.personId })
      .from(personFieldValues)
      .where(
        and(
          inArray(personFieldValues.personId, ids.slice(from, from + 10_000)),
          eq(personFieldValues.fieldName, matrixConstants.suppressEmailsField),
          eq(personFieldValues.value, '1'),
        ),
      );
    for (const row of rows) suppressed.add(row.personId);
  }
  return suppressed;
}

/** A pick list's values in their order (GetPickLists); the caller decides which lists are readable. */
export const findPickList = (db: Executor, mnemonic: string) =>
  db
    .select({
      Mnemonic: pickListValues.mnemonic,
      ValueId: pickListValues.valueId,
      Sort: pickListValues.sort,
      text: pickListValues.text,
    })
    .from(pickListValues)
    .where(eq(pickListValues.mnemonic, mnemonic))
    .orderBy(pickListValues.sort, pickListValues.valueId);
