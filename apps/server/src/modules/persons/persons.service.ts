import {
  type MatrixDescription,
  matrixConstants,
  type PersonEntity,
  type PickListValue,
  publicPickLists,
  readableSchemaFields,
  subscriptionMessages,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../audit/audit.ts';
import { type ChangeFeed, writeTransaction } from '../changes/change-feed.ts';
import type { Clock } from '../runtime.ts';
import type { PersonCaller } from './caller.ts';
import {
  findEntries,
  findEntriesWithNames,
  findMatrixItems,
  findMatrixStatuses,
  findUserIdsOfPerson,
  type MatrixEntry,
  writeEntries,
} from './matrix.repository.ts';
import { buildXml, parseMatrixXml } from './matrix-xml.ts';
import {
  findAccountManagers,
  findPerson,
  findPersonByEmail,
  findPickList,
  fullNameOf,
  readPersonField,
} from './persons.repository.ts';

/**
 * The person and matrix calls of spec 3 section 7 (issue 12): what they answer and, for UpdateMatrix, what a
 * caller may write. The routes have already applied the owner rule (requirePersonCaller); the rules that depend
 * on the records (the person's entity, the entries' statuses, known ids) are decided here, never by the caller.
 */

const errors = subscriptionMessages.errors;

export type Refusal = {
  ok: false;
  status: 400 | 403 | 404;
  message: string;
  errors?: Record<string, string>;
};
export type Outcome<T> = { ok: true; data: T } | Refusal;

const refuse = (status: Refusal['status'], message: string, fields?: Record<string, string>): Refusal =>
  fields ? { ok: false, status, message, errors: fields } : { ok: false, status, message };
const done = <T>(data: T): Outcome<T> => ({ ok: true, data });

/** The X axis's name in GetMatrixData (the CRM's name for the product axis). */
const xAxisName = 'Products';
/** Schema of each entity (spec 3 sections 6 and 9) and the parameter naming its matrix field. */
const matrixSchemas: Record<PersonEntity, { schemaId: string; fieldParameter: string }> = {
  U: { schemaId: 'scUsrMatrix', fieldParameter: 'scUsrMatrixFieldId' },
  C: { schemaId: 'scCntMatrix', fieldParameter: 'scCntMatrixFieldId' },
};

export interface UpdateMatrixInput {
  psnId: number;
  psnEntity: PersonEntity;
  insertXml: string;
  deleteXml: string;
  schemaId?: string | undefined;
  schemaFieldId?: string | undefined;
}

/** The signed-in user as GetPersonIdFromEmail needs them. */
export interface LookupUser {
  id: number;
  email: string;
  type: string;
  firstName: string;
  lastName: string;
  personId: number | null;
}

export const createPersonsService = (deps: {
  db: Db;
  clock: Clock;
  parameters: { get(name: string): Promise<string | null> };
  changes: ChangeFeed;
}) => {
  const { db, clock, parameters } = deps;

  /** The person, or the refusal for an unknown one (an admin may name any id; others only reach their own). */
  const personOr404 = async (personId: number) => {
    const person = await findPerson(db, personId);
    return person ?? refuse(404, errors.personNotFound);
  };

  return {
    /** GET /getMatrixData: the axes as XML; y carries parentId only when it has one. */
    async matrixDataXml(): Promise<string> {
      const [items, statuses] = await Promise.all([findMatrixItems(db), findMatrixStatuses(db)]);
      return buildXml({
        matrix: {
          x: [{ '@_id': String(matrixConstants.xAxisId), '@_name': xAxisName }],
          y: items.map((item) => ({
            '@_id': String(item.id),
            '@_name': item.name,
            ...(item.parentId === null ? {} : { '@_parentId': String(item.parentId) }),
          })),
          z: statuses.map((status) => ({ '@_id': String(status.id), '@_name': status.name })),
        },
      });
    },

    /** GET /overall/GetMatrixDescription/{id}: one item's description, or every item's for 0. */
    async descriptions(itemId: number): Promise<Outcome<MatrixDescription[]>> {
      const items = await findMatrixItems(db);
      const chosen = itemId === 0 ? items : items.filter((item) => item.id === itemId);
      if (chosen.length === 0 && itemId !== 0) return refuse(404, errors.unknownItem);
      return done(chosen.map((item) => ({ iPBV_Id: item.id, sDescription: item.description })));
    },

    /** GET /PickList/GetPickLists/{mnemonic}: only the lists the contract makes public. */
    async pickList(mnemonic: string): Promise<Outcome<PickListValue[]>> {
      if (!(publicPickLists as readonly string[]).includes(mnemonic))
        return refuse(404, errors.unknownPickList);
      return done(await findPickList(db, mnemonic));
    },

    /** GET /overall/GetParentFirmName/{id}: the person's firm, or null without one. */
    async parentFirm(personId: number): Promise<Outcome<{ id: number; sName: string } | null>> {
      const person = await personOr404(personId);
      if ('ok' in person) return person;
      if (person.firmId === null || person.firmName === null) return done(null);
      return done({ id: person.firmId, sName: person.firmName });
    },

    /**
     * GET /overall/GetPersonIdFromEmail: a reader may look up only their own address (another one is refused
     * without saying whether it is known); an admin any address, with 0 and '' for an unknown one.
     */
    async personIdFromEmail(
      user: LookupUser,
      email: string,
    ): Promise<Outcome<{ iPSN_Id: number; userFullName: string }>> {
      const address = email.toLowerCase();
      if (address === user.email.toLowerCase()) {
        const person = user.personId === null ? null : await findPerson(db, user.personId);
        return done({
          iPSN_Id: person?.id ?? 0,
          userFullName: person ? fullNameOf(person) : fullNameOf(user),
        });
      }
      if (user.type !== 'admin') return refuse(403, errors.lookupOwnOnly);
      const person = await findPersonByEmail(db, address);
      return done(
        person ? { iPSN_Id: person.id, userFullName: fullNameOf(person) } : { iPSN_Id: 0, userFullName: '' },
      );
    },

    /** GET /overall/getSchemaFieldValue/{psnId}/{fieldName}: readable fields only; '' when unset. */
    async schemaFieldValue(
      personId: number,
      fieldName: string,
    ): Promise<Outcome<{ fieldName: string; value: string }>> {
      const person = await personOr404(personId);
      if ('ok' in person) return person;
      if (!(readableSchemaFields as readonly string[]).includes(fieldName))
        return refuse(404, errors.unknownField);
      return done({ fieldName, value: (await readPersonField(db, personId, fieldName)) ?? '' });
    },

    /** GET /users/loadPersonMatrixDetails/{id}/{userEntity}: the person's entries as XML. */
    async personMatrixXml(personId: number, entity: PersonEntity): Promise<Outcome<string>> {
      const person = await personOr404(personId);
      if ('ok' in person) return person;
      if (person.entity !== entity) return refuse(400, errors.entityMismatch);
      const entries = await findEntriesWithNames(db, personId);
      return done(
        buildXml({
          matrix: {
            '@_psnId': String(personId),
            '@_entity': entity,
            y: entries.map((entry) => ({
              '@_value': String(entry.itemId),
              z: [{ '@_value': String(entry.statusId), '@_name': entry.statusName }],
            })),
          },
        }),
      );
    },

    /** GET /Relationships/GetAccountManager: the person's account managers as XML. */
    async accountManagersXml(personId: number): Promise<Outcome<string>> {
      const person = await personOr404(personId);
      if ('ok' in person) return person;
      const managers = await findAccountManagers(db, personId);
      return done(
        buildXml({
          relationships: {
            rel: managers.map((manager) => ({
              '@_type': 'Account Manager',
              '@_person1-id': String(personId),
              '@_person2-id': String(manager.id),
            })),
            psn: managers.map((manager) => ({
              '@_id': String(manager.id),
              '@_ent': manager.entity,
              '@_name': fullNameOf(manager),
              '@_email': manager.email ?? '',
            })),
          },
        }),
      );
    },

    /**
     * GET /Repository/UpdateMatrix. A reader (or an e-mailed link's holder) may only add requests (the default
     * Z) and remove their own requests or subscriptions; an admin may write any known Z (granting a request).
     * A request never replaces a Subscriber entry (no downgrade by asking again). All or nothing, in one
     * transaction; the reply lists what was written and what was removed.
     */
    async updateMatrix(
      caller: PersonCaller,
      input: UpdateMatrixInput,
    ): Promise<Outcome<{ inserted: number[]; deleted: number[] }>> {
      const person = await personOr404(input.psnId);
      if ('ok' in person) return person;
      if (person.entity !== input.psnEntity) return refuse(400, errors.entityMismatch);
      const schema = matrixSchemas[input.psnEntity];
      if (input.schemaId !== undefined && input.schemaId !== schema.schemaId) {
        return refuse(400, errors.entityMismatch, { schemaId: errors.entityMismatch });
      }
      if (input.schemaFieldId !== undefined) {
        const expected = await parameters.get(schema.fieldParameter);
        if (expected === null || input.schemaFieldId !== expected) {
          return refuse(400, errors.entityMismatch, { schemaFieldId: errors.entityMismatch });
        }
      }

      const inserts = parseMatrixXml(input.insertXml);
      if (!inserts.ok) return refuse(400, errors[inserts.fault], { insertXml: errors[inserts.fault] });
      const deletes = parseMatrixXml(input.deleteXml);
      if (!deletes.ok) return refuse(400, errors[deletes.fault], { deleteXml: errors[deletes.fault] });
      if (inserts.entries.length === 0 && deletes.entries.length === 0) {
        return refuse(400, errors.nothingToChange);
      }
      const deleteIds = deletes.entries.map((entry) => entry.itemId);
      if (inserts.entries.some((entry) => deleteIds.includes(entry.itemId))) {
        // The same product both added and removed: no order of the two is the caller's obvious meaning.
        return refuse(400, errors.xmlInvalid, { deleteXml: errors.xmlInvalid });
      }

      const [items, statuses] = await Promise.all([findMatrixItems(db), findMatrixStatuses(db)]);
      const knownItems = new Set(items.map((item) => item.id));
      const knownStatuses = new Set(statuses.map((status) => status.id));
      if ([...inserts.entries, ...deletes.entries].some((entry) => !knownItems.has(entry.itemId))) {
        return refuse(400, errors.unknownItem);
      }
      const upsert: MatrixEntry[] = inserts.entries.map((entry) => ({
        itemId: entry.itemId,
        statusId: entry.statusId ?? matrixConstants.requestZ,
      }));
      if (upsert.some((entry) => !knownStatuses.has(entry.statusId)))
        return refuse(400, errors.unknownStatus);
      if (!caller.isAdmin && upsert.some((entry) => entry.statusId !== matrixConstants.requestZ)) {
        return refuse(403, errors.subscriberNotAllowed);
      }

      // Every matrix write says whose grants it changed (the users of the person), after its commit, so that each
      // cached entitlement of theirs is dropped and a granted or revoked sector applies on their very next request.
      const outcome = await writeTransaction(db, deps.changes, async (tx, note) => {
        note({ kind: 'matrix', ids: await findUserIdsOfPerson(tx, input.psnId) });
        const current = new Map((await findEntries(tx, input.psnId)).map((e) => [e.itemId, e.statusId]));
        if (!caller.isAdmin) {
          const ownStatuses: number[] = [matrixConstants.requestZ, matrixConstants.subscriberZ];
          const foreign = deleteIds.some((id) => {
            const status = current.get(id);
            return status !== undefined && !ownStatuses.includes(status);
          });
          if (foreign) return refuse(403, errors.notYourEntry);
        }
        const changes = await writeEntries(tx, input.psnId, {
          upsert: upsert.filter(
            (entry) =>
              !(
                entry.statusId === matrixConstants.requestZ &&
                current.get(entry.itemId) === matrixConstants.subscriberZ
              ),
          ),
          remove: deleteIds,
          byUserId: caller.userId,
          at: clock(),
        });
        // An administrator's change to someone's matrix is audited with the write (issue 13).
        if (caller.isAdmin && changes.length > 0) {
          await writeAudit(tx, {
            actorUserId: caller.userId,
            action: 'matrix',
            targetPersonId: input.psnId,
            detail: { changes },
            at: clock(),
          });
        }
        return done({
          inserted: changes.filter((c) => c.to !== null).map((c) => c.itemId),
          deleted: changes.filter((c) => c.to === null).map((c) => c.itemId),
        });
      });
      return outcome;
    },
  };
};

export type PersonsService = ReturnType<typeof createPersonsService>;
