import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';

/**
 * SQL of users management (issue 13). Searches are prefix matches on lower-cased e-mail, first name, last name
 * and full name (and firm name on the spyder tab): each has a text_pattern_ops index (migration 0011), so a
 * search stays an index read at 100,000 users where a substring match would read every row.
 */

/** `abc` -> `abc%` with LIKE's own wildcards taken literally. */
export const prefixPattern = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type Dir = 'asc' | 'desc';

/** The website tab's sortable columns (the row's field names) as SQL; nulls always last. */
const websiteSortSql: Record<string, SQL> = {
  sFull_Name: sql`lower(u.first_name || ' ' || u.last_name)`,
  sEmail: sql`lower(u.email)`,
  bVerifiedEmail: sql`(u.email_verified_at is not null)`,
  bActivated: sql`(u.activated_at is not null)`,
  tLoingRecord_Time: sql`u.last_login_at`,
  tCreatedAt: sql`u.created_at`,
};
const spyderSortSql: Record<string, SQL> = {
  sPFN_FullName: sql`lower(p.first_name || ' ' || p.last_name)`,
  sCompanyName: sql`lower(f.name)`,
  sNCY_FullNo: sql`lower(p.email)`,
  bPassword: sql`p.has_password`,
  tLogin_Time: sql`p.last_login_at`,
};
export const isWebsiteSort = (sort: string) => sort in websiteSortSql;
export const isSpyderSort = (sort: string) => sort in spyderSortSql;

// Direction as a keyword, never from the caller's text: only 'asc' and 'desc' reach here.
const dirSql = (dir: Dir) => (dir === 'desc' ? sql.raw('desc') : sql.raw('asc'));
const orderBy = (column: SQL, dir: Dir, id: SQL) =>
  sql`order by ${column} ${dirSql(dir)} nulls last, ${id} ${dirSql(dir)} nulls last`;

/**
 * The firm a sign-up's e-mail domain belongs to (the lowest id when several claim it), for a page's rows (GIN
 * index on domains).
 */
const domainFirmSql = sql`(select df.id from firms df
  where df.domains @> array[lower(split_part(u.email, '@', 2))] order by df.id limit 1)`;

export interface WebsiteUserRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  company_name: string;
  email_verified_at: Date | string | null;
  activated_at: Date | string | null;
  last_login_at: Date | string | null;
  created_at: Date | string;
  person_id: number;
  source: 'web' | 'crm';
  firm_id: number | null;
  firm_name: string | null;
}

/**
 * One page of website users (not hidden) with their person and firm: the person's firm once imported, else the
 * firm the e-mail domain belongs to. `suggestionsOnly`: sign-ups not imported whose domain is a firm's.
 */
export const findWebsiteUsers = async (
  db: Executor,
  options: {
    q: string;
    sort: string | undefined;
    dir: Dir;
    offset: number;
    limit: number;
    suggestionsOnly: boolean;
  },
) => {
  // Every user has a person (a trigger); persons are read only where a condition needs them.
  const conditions: SQL[] = [sql`not u.hidden`, sql`u.person_id is not null`];
  if (options.q !== '') {
    const pattern = prefixPattern(options.q);
    conditions.push(sql`(lower(u.email) like ${pattern} or lower(u.first_name) like ${pattern}
      or lower(u.last_name) like ${pattern} or lower(u.first_name || ' ' || u.last_name) like ${pattern})`);
  }
  if (options.suggestionsOnly) {
    // A sign-up's person is matched to the firm of its e-mail domain when it is created (the users trigger), so
    // a suggestion is a 'web' person with a firm: a partial index of a few rows, not a probe of every user.
    conditions.push(sql`exists (select 1 from persons sp where sp.id = u.person_id and sp.source = 'web'
      and sp.firm_id is not null)`);
  }
  const where = sql.join(conditions, sql` and `);
  const order =
    options.sort && isWebsiteSort(options.sort)
      ? orderBy(websiteSortSql[options.sort]!, options.dir, sql`u.id`)
      : sql`order by u.id desc`;
  const [rows, total] = await Promise.all([
    db.execute(sql`
      select u.id, u.first_name, u.last_name, u.email, u.company_name, u.email_verified_at, u.activated_at,
        u.last_login_at, u.created_at, p.id as person_id, p.source, f.id as firm_id, f.name as firm_name
      from (
        select u.* from users u
        where ${where} ${order} limit ${options.limit} offset ${options.offset}
      ) u
      join persons p on p.id = u.person_id
      left join firms f on f.id = case when p.source = 'crm' then p.firm_id else coalesce(p.firm_id, ${domainFirmSql}) end
      ${order}`),
    db.execute(sql`select count(*)::int as n from users u where ${where}`),
  ]);
  return {
    rows: rowsOf<WebsiteUserRecord>(rows),
    total: rowsOf<{ n: number }>(total)[0]?.n ?? 0,
  };
};

export interface SpyderUserRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  has_password: boolean;
  last_login_at: Date | string | null;
  firm_id: number | null;
  firm_name: string | null;
}

/** One page of the external system's persons (source 'crm', not staff). */
export const findSpyderUsers = async (
  db: Executor,
  options: { q: string; sort: string | undefined; dir: Dir; offset: number; limit: number },
) => {
  const conditions: SQL[] = [sql`p.source = 'crm'`, sql`not p.staff`];
  if (options.q !== '') {
    const pattern = prefixPattern(options.q);
    conditions.push(sql`(lower(p.email) like ${pattern} or lower(p.first_name) like ${pattern}
      or lower(p.last_name) like ${pattern} or lower(p.first_name || ' ' || p.last_name) like ${pattern}
      or p.firm_id = any (array(select sf.id from firms sf where lower(sf.name) like ${pattern})))`);
  }
  const where = sql.join(conditions, sql` and `);
  const order =
    options.sort && isSpyderSort(options.sort)
      ? orderBy(spyderSortSql[options.sort]!, options.dir, sql`p.id`)
      : sql`order by p.id desc`;
  const [rows, total] = await Promise.all([
    db.execute(sql`
      select p.id, p.first_name, p.last_name, p.email, p.has_password, p.last_login_at,
        f.id as firm_id, f.name as firm_name
      from persons p left join firms f on f.id = p.firm_id
      where ${where} ${order} limit ${options.limit} offset ${options.offset}`),
    db.execute(sql`select count(*)::int as n from persons p where ${where}`),
  ]);
  return {
    rows: rowsOf<SpyderUserRecord>(rows),
    total: rowsOf<{ n: number }>(total)[0]?.n ?? 0,
  };
};

export interface AdminTargetUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  emailVerifiedAt: Date | null;
  activatedAt: Date | null;
  hidden: boolean;
  personId: number | null;
}

/** The user an action names, locked for the rest of the transaction (two admins acting at once queue up). */
export const lockUser = async (tx: Executor, id: number) => {
  const rows = rowsOf<{
    id: number;
    email: string;
    first_name: string;
    last_name: string;
    email_verified_at: Date | string | null;
    activated_at: Date | string | null;
    hidden: boolean;
    person_id: number | null;
  }>(
    await tx.execute(sql`select id, email, first_name, last_name, email_verified_at, activated_at, hidden, person_id
      from users where id = ${id} for update`),
  );
  const row = rows[0];
  if (!row) return null;
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    emailVerifiedAt: date(row.email_verified_at),
    activatedAt: date(row.activated_at),
    hidden: row.hidden,
    personId: row.person_id,
  } satisfies AdminTargetUser;
};

/** Seats a firm uses: its persons' activated website users that are not removed. */
const seatsUsedSql = (
  firmId: SQL,
) => sql`(select count(*)::int from users su join persons sp on sp.id = su.person_id
  where sp.firm_id = ${firmId} and su.activated_at is not null and not su.hidden)`;

/**
 * A firm, locked (select ... for update) with its seats used counted after the lock: concurrent activations and
 * imports for one firm take turns here, and each counts the seats the previous one committed.
 */
export const lockFirm = async (tx: Executor, firmId: number) => {
  const [firm] = rowsOf<{ id: number; name: string; seat_limit: number }>(
    await tx.execute(
      sql`select f.id, f.name, f.seat_limit from firms f where f.id = ${firmId} for update of f`,
    ),
  );
  if (!firm) return null;
  const [used] = rowsOf<{ n: number }>(await tx.execute(sql`select ${seatsUsedSql(sql`${firm.id}`)} as n`));
  return { id: firm.id, name: firm.name, seatLimit: firm.seat_limit, seatsUsed: used?.n ?? 0 };
};

/** The firm of a person (null without one). */
export const findPersonFirmId = async (tx: Executor, personId: number) =>
  rowsOf<{ firm_id: number | null }>(
    await tx.execute(sql`select firm_id from persons where id = ${personId}`),
  )[0]?.firm_id ?? null;

/** The person's firm, locked, with its seats used (see lockFirm). */
export const lockFirmOfPerson = async (tx: Executor, personId: number) => {
  const firmId = await findPersonFirmId(tx, personId);
  return firmId === null ? null : lockFirm(tx, firmId);
};

export const setActivated = (tx: Executor, userId: number, at: Date | null) =>
  tx.execute(sql`update users set activated_at = ${at} where id = ${userId}`);

export const hideUser = (tx: Executor, userId: number) =>
  tx.execute(sql`update users set hidden = true where id = ${userId}`);

export const findPersonSource = async (tx: Executor, personId: number) => {
  const [row] = rowsOf<{ source: 'web' | 'crm' }>(
    await tx.execute(sql`select source from persons where id = ${personId} for update`),
  );
  return row?.source ?? null;
};

export const firmExists = async (tx: Executor, firmId: number) =>
  rowsOf(await tx.execute(sql`select 1 from firms where id = ${firmId}`)).length > 0;

/** Brings a sign-up's person into the external system: names, firm, a user ('U') with a website login. */
export const importPerson = (
  tx: Executor,
  personId: number,
  values: { firstName: string; lastName: string; firmId: number },
) =>
  tx.execute(sql`update persons set first_name = ${values.firstName}, last_name = ${values.lastName},
    firm_id = ${values.firmId}, source = 'crm', entity = 'U', has_password = true where id = ${personId}`);

export interface FirmSummaryRecord {
  id: number;
  name: string;
  seat_limit: number;
  seats_used: number;
}

/** Firms whose name contains the text (case-insensitive), by name, at most `limit`. */
export const searchFirms = async (db: Executor, text: string, limit: number) => {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rowsOf<FirmSummaryRecord>(
    await db.execute(sql`select f.id, f.name, f.seat_limit, ${seatsUsedSql(sql`f.id`)} as seats_used
      from firms f where lower(f.name) like ${pattern} order by lower(f.name), f.id limit ${limit}`),
  );
};

export const findFirm = async (db: Executor, firmId: number) => {
  const [row] = rowsOf<FirmSummaryRecord & { domains: string[] }>(
    await db.execute(sql`select f.id, f.name, f.seat_limit, f.domains, ${seatsUsedSql(sql`f.id`)} as seats_used
      from firms f where f.id = ${firmId}`),
  );
  return row ?? null;
};

export interface MemberRecord {
  person_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  user_id: number | null;
  email_verified_at: Date | string | null;
  activated_at: Date | string | null;
}

/** The firm's people (not staff) with their website user when they have one (removed users left out). */
export const findFirmMembers = async (db: Executor, firmId: number, limit: number) =>
  rowsOf<MemberRecord>(
    await db.execute(sql`select p.id as person_id, p.first_name, p.last_name, p.email,
        u.id as user_id, u.email_verified_at, u.activated_at
      from persons p left join users u on u.person_id = p.id and not u.hidden
      where p.firm_id = ${firmId} and not p.staff
      order by lower(p.last_name), lower(p.first_name), p.id limit ${limit}`),
  );

export interface PersonRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  entity: 'U' | 'C';
  source: 'web' | 'crm';
  firm_id: number | null;
  user_id: number | null;
  email_verified_at: Date | string | null;
  activated_at: Date | string | null;
}

export const findPersonWithUser = async (db: Executor, personId: number) => {
  const [row] = rowsOf<PersonRecord>(
    await db.execute(sql`select p.id, p.first_name, p.last_name, p.email, p.entity, p.source, p.firm_id,
        u.id as user_id, u.email_verified_at, u.activated_at
      from persons p left join users u on u.person_id = p.id and not u.hidden
      where p.id = ${personId}`),
  );
  return row ?? null;
};

export const findMatrixWithNames = async (db: Executor, personId: number) =>
  rowsOf<{ item_id: number; item_name: string; status_id: number; status_name: string }>(
    await db.execute(sql`select m.item_id, i.name as item_name, m.status_id, s.name as status_name
      from person_matrix m join matrix_items i on i.id = m.item_id join matrix_statuses s on s.id = m.status_id
      where m.person_id = ${personId} order by i.sort, lower(i.name), m.item_id`),
  );

export interface AuditRecord {
  id: number;
  created_at: Date | string;
  action: string;
  detail: Record<string, unknown>;
  actor_first: string | null;
  actor_last: string | null;
}

/** A person's audit entries (as the person, or through their website user), newest first. */
export const findAuditOfPerson = async (db: Executor, personId: number, limit: number) =>
  rowsOf<AuditRecord>(
    await db.execute(sql`select a.id, a.created_at, a.action, a.detail,
        actor.first_name as actor_first, actor.last_name as actor_last
      from admin_audit_log a left join users actor on actor.id = a.actor_user_id
      where a.target_person_id = ${personId}
        or a.target_user_id in (select id from users where person_id = ${personId})
      order by a.created_at desc, a.id desc limit ${limit}`),
  );

export const findNames = async (db: Executor) => {
  const [items, statuses] = await Promise.all([
    db.execute(sql`select id, name from matrix_items`),
    db.execute(sql`select id, name from matrix_statuses`),
  ]);
  return {
    items: new Map(rowsOf<{ id: number; name: string }>(items).map((r) => [r.id, r.name])),
    statuses: new Map(rowsOf<{ id: number; name: string }>(statuses).map((r) => [r.id, r.name])),
  };
};
