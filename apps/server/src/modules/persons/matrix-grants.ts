import { matrixConstants } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';

/**
 * The sectors a person's matrix grants: every sector item with a Subscriber entry, and the sectors under a product
 * with one. Only the Z named 'Subscriber' grants (a request, 2120300010, grants nothing). The one place that
 * turns the matrix into reading rights: entitlements, My Research and publish alerts read it.
 */
const grantsSql = () => sql`
  from person_matrix pm
  join matrix_statuses z on z.id = pm.status_id and z.name = ${matrixConstants.subscriberName}
  join matrix_items y on y.id = pm.item_id
  join matrix_items s on (s.id = y.id or s.parent_id = y.id) and s.sector_id is not null`;

const grantedSectorsSql = (personIdSql: ReturnType<typeof sql>) => sql`
  select distinct s.sector_id as id
  ${grantsSql()}
  where pm.person_id = (${personIdSql})
  order by 1`;

/**
 * The sectors the matrix of the person `personIdSql` names grants, as an int[] expression (never null): what the
 * session's statement reads with its user, so that a signed-in request costs one statement for both (issue 26).
 */
export const grantedSectorIdsArraySql = (personIdSql: ReturnType<typeof sql>) =>
  sql`array(${grantedSectorsSql(personIdSql)})`;

/**
 * The same rule the other way round (publish alerts, issue 23): a query of the ids of the persons whose matrix
 * grants any of the sectors `sectorIdsSql` selects.
 */
export const personsGrantedAnySectorSql = (sectorIdsSql: ReturnType<typeof sql>) => sql`
  select distinct pm.person_id
  ${grantsSql()}
  where s.sector_id in (${sectorIdsSql})`;

/** The sectors granted to a website user through their person's matrix (none without a person). */
export const findGrantedSectorIdsOfUser = async (db: Executor, userId: number) =>
  rowsOf<{ id: number }>(
    await db.execute(grantedSectorsSql(sql`select person_id from users where id = ${userId}`)),
  ).map((row) => row.id);

/** The sectors granted to a person. */
export const findGrantedSectorIdsOfPerson = async (db: Executor, personId: number) =>
  rowsOf<{ id: number }>(await db.execute(grantedSectorsSql(sql`${personId}`))).map((row) => row.id);
