import { matrixConstants } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { matrixChanges, matrixItems, matrixStatuses, personMatrix, users } from '../../db/schema/index.ts';

export interface MatrixEntry {
  itemId: number;
  statusId: number;
}
export interface MatrixChange {
  itemId: number;
  from: number | null;
  to: number | null;
}

/** The person of a website user (every user has one: a trigger on users creates it). */
export const findPersonIdOfUser = async (db: Executor, userId: number) => {
  const rows = await db.select({ personId: users.personId }).from(users).where(eq(users.id, userId));
  return rows[0]?.personId ?? null;
};

/** The website users of a person (at most one today), whose cached entitlements a matrix write drops. */
export const findUserIdsOfPerson = async (db: Executor, personId: number) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.personId, personId))).map((r) => r.id);

export const findEntries = async (db: Executor, personId: number): Promise<MatrixEntry[]> =>
  db
    .select({ itemId: personMatrix.itemId, statusId: personMatrix.statusId })
    .from(personMatrix)
    .where(eq(personMatrix.personId, personId))
    .orderBy(personMatrix.itemId);

/**
 * Writes entries (insert or change status) and deletes others in the caller's transaction, and records what
 * changed in `matrix_changes` (nothing is recorded when nothing changed). Answers the changes. The caller drops
 * the cached entitlements of the person's users afterwards (persons service: `afterMatrixWrite`).
 */
export const writeEntries = async (
  db: Executor,
  personId: number,
  write: { upsert: readonly MatrixEntry[]; remove: readonly number[]; byUserId: number | null; at: Date },
): Promise<MatrixChange[]> => {
  const before = new Map((await findEntries(db, personId)).map((e) => [e.itemId, e.statusId]));
  const changes: MatrixChange[] = [];
  for (const entry of write.upsert) {
    const from = before.get(entry.itemId) ?? null;
    if (from === entry.statusId) continue;
    await db
      .insert(personMatrix)
      .values({
        personId,
        itemId: entry.itemId,
        statusId: entry.statusId,
        createdAt: write.at,
        updatedAt: write.at,
      })
      .onConflictDoUpdate({
        target: [personMatrix.personId, personMatrix.itemId],
        set: { statusId: entry.statusId, updatedAt: write.at },
      });
    changes.push({ itemId: entry.itemId, from, to: entry.statusId });
  }
  const removable = write.remove.filter((id) => before.has(id));
  if (removable.length > 0) {
    await db
      .delete(personMatrix)
      .where(and(eq(personMatrix.personId, personId), inArray(personMatrix.itemId, removable)));
    for (const itemId of removable) changes.push({ itemId, from: before.get(itemId) ?? null, to: null });
  }
  if (changes.length > 0) {
    await db
      .insert(matrixChanges)
      .values({ personId, byUserId: write.byUserId, changes, createdAt: write.at });
  }
  return changes;
};

/** Seeds and test fixtures: make a user a Subscriber of these sectors (or products). */
export const subscribeUser = async (db: Executor, userId: number, itemIds: readonly number[], at: Date) => {
  const personId = await findPersonIdOfUser(db, userId);
  if (personId === null) throw new Error(`user ${userId} has no person`);
  await writeEntries(db, personId, {
    upsert: itemIds.map((itemId) => ({ itemId, statusId: matrixConstants.subscriberZ })),
    remove: [],
    byUserId: null,
    at,
  });
  return personId;
};

/** Seeds and test fixtures: remove entries of a user's matrix. */
export const unsubscribeUser = async (db: Executor, userId: number, itemIds: readonly number[], at: Date) => {
  const personId = await findPersonIdOfUser(db, userId);
  if (personId === null) throw new Error(`user ${userId} has no person`);
  return writeEntries(db, personId, { upsert: [], remove: itemIds, byUserId: null, at });
};

/** The Y axis: products and sectors, in their order (GetMatrixData, GetMatrixDescription, UpdateMatrix's checks). */
export const findMatrixItems = (db: Executor) =>
  db
    .select({
      id: matrixItems.id,
      name: matrixItems.name,
      parentId: matrixItems.parentId,
      description: matrixItems.description,
    })
    .from(matrixItems)
    .orderBy(matrixItems.sort, matrixItems.id);

/** The Z axis: statuses by name, in their order. */
export const findMatrixStatuses = (db: Executor) =>
  db
    .select({ id: matrixStatuses.id, name: matrixStatuses.name })
    .from(matrixStatuses)
    .orderBy(matrixStatuses.sort, matrixStatuses.id);

/** A person's entries with their status names, by item (loadPersonMatrixDetails). */
export const findEntriesWithNames = (db: Executor, personId: number) =>
  db
    .select({ itemId: personMatrix.itemId, statusId: personMatrix.statusId, statusName: matrixStatuses.name })
    .from(personMatrix)
    .innerJoin(matrixStatuses, eq(matrixStatuses.id, personMatrix.statusId))
    .where(eq(personMatrix.personId, personId))
    .orderBy(personMatrix.itemId);
