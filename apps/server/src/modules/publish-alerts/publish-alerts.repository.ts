import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { analysts, reportAnalysts, reports } from '../../db/schema/index.ts';
import { personsGrantedAnySectorSql } from '../persons/matrix-grants.ts';

/** The report an alert names, its row locked until the caller's transaction ends; null when there is none. */
export const findAlertReport = async (tx: Executor, reportId: number) => {
  const rows = await tx
    .select({ title: reports.title, description: reports.description, state: reports.state })
    .from(reports)
    .where(eq(reports.id, reportId))
    .for('update');
  return rows[0] ?? null;
};

/** The report's analysts by name, lead author first. */
export const findReportAnalystNames = async (tx: Executor, reportId: number) =>
  (
    await tx
      .select({ name: analysts.name })
      .from(reportAnalysts)
      .innerJoin(analysts, eq(analysts.id, reportAnalysts.analystId))
      .where(eq(reportAnalysts.reportId, reportId))
      .orderBy(asc(reportAnalysts.position), asc(analysts.id))
  ).map((row) => row.name);

export interface AlertReader {
  userId: number;
  personId: number;
  email: string;
  name: string;
}

/**
 * The users who follow one of the report's analysts and may read it without a sector of theirs: every verified
 * reader reads a free-access report, an admin reads every report (entitlements.ts). A follower whose sectors
 * grant the report is a subscriber already; one who may not read it is not told of it (the alert's access key
 * would open it).
 */
const followersWhoMayReadSql = (reportId: number) => sql`
  select f.user_id
  from analyst_follows f
  join report_analysts ra on ra.analyst_id = f.analyst_id and ra.report_id = ${reportId}
  join users fu on fu.id = f.user_id
  where fu.type = 'admin' or exists (select 1 from reports r where r.id = ${reportId} and r.free_access)`;

/**
 * Adds to report_alerts every reader of the report who has no alert of it yet, in one statement, and answers
 * those readers (the ones this call must mail). A reader: a website user, not removed, e-mail verified, with a
 * person, and either activated with a matrix that grants the report's primary or a linked sector (matrix-grants.ts,
 * the entitlement rule) or a follower of one of its analysts who may read it. `on conflict do nothing` on the (report, user) key
 * leaves out readers an earlier or concurrent call added: a concurrent insert of the same key waits for the other
 * transaction and is skipped once it commits. Rows go in user id order, so two calls never wait on each other in
 * a cycle.
 */
export const claimAlertReaders = async (tx: Executor, reportId: number, now: Date) => {
  const sectorIds = sql`
    select sector_id from reports where id = ${reportId} and sector_id is not null
    union
    select sector_id from report_sectors where report_id = ${reportId}`;
  const rows = rowsOf<{ user_id: number; person_id: number; email: string; name: string }>(
    await tx.execute(sql`
      with readers as (
        select u.id as user_id, u.person_id, lower(u.email) as email,
          trim(u.first_name || ' ' || u.last_name) as name
        from users u
        where not u.hidden
          and u.email_verified_at is not null
          and u.person_id is not null
          and (
            (u.activated_at is not null and u.person_id in (${personsGrantedAnySectorSql(sectorIds)}))
            or u.id in (${followersWhoMayReadSql(reportId)})
          )
      ),
      added as (
        insert into report_alerts (report_id, user_id, outbox_id, queued_at)
        select ${reportId}, user_id, null, ${now.toISOString()}::timestamptz from readers order by user_id
        on conflict do nothing
        returning user_id
      )
      select r.user_id, r.person_id, r.email, r.name
      from readers r join added a on a.user_id = r.user_id
      order by r.user_id`),
  );
  return rows.map(
    (row): AlertReader => ({
      userId: Number(row.user_id),
      personId: Number(row.person_id),
      email: row.email,
      name: row.name || row.email,
    }),
  );
};

/** Records each alert's outbox row, in one statement (readers whose person suppresses list mail keep null). */
export const setAlertOutboxIds = async (
  tx: Executor,
  reportId: number,
  alerts: readonly { userId: number; outboxId: number }[],
) => {
  if (alerts.length === 0) return;
  // integer arrays as one text parameter each: one bind parameter whatever the number of readers
  const userIds = `{${alerts.map((a) => a.userId).join(',')}}`;
  const outboxIds = `{${alerts.map((a) => a.outboxId).join(',')}}`;
  await tx.execute(sql`
    update report_alerts ra set outbox_id = v.outbox_id
    from unnest(${userIds}::int[], ${outboxIds}::int[]) as v(user_id, outbox_id)
    where ra.report_id = ${reportId} and ra.user_id = v.user_id`);
};

/** The first time the report's alerts were queued (kept when they are queued again). */
export const markAlertsQueued = (tx: Executor, reportId: number, now: Date) =>
  tx
    .update(reports)
    .set({ alertsQueuedAt: sql`coalesce(${reports.alertsQueuedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(reports.id, reportId));
