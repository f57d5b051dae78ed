import type { EditBiographyBody, SortOurPeopleBody, UpdateOurPeopleBody } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { type ChangeFeed, writeTransaction } from '../changes/change-feed.ts';
import { plainTextOf, sanitizeStoredHtml } from '../rich-text/stored-html.ts';
import { countTeam, setDescription, setOurPeople, setSortOrders } from './team.repository.ts';

/**
 * Team Management and biographies (issue 24; spec 2): Our People's order, who is listed in it, and an analyst's
 * or a company's biography. Each write is one transaction that notes its change (`analyst`, or `company` for a
 * company's biography), so the landing's Our People, /people, the pages and every card that lists analysts show
 * it on the next request. People without a position sort last (the Our People query).
 */
export const createTeamService = (deps: { db: Db; changes: ChangeFeed }) => ({
  /**
   * POST /editBiography: an analyst's (U) or a company's (L) description, sanitised with the stored-HTML policy;
   * a text with no words (an empty paragraph) is stored as none. null when there is no such analyst or company
   * (nothing written). An analyst's says `analyst` on the change feed (cards and pages carry it), a company's
   * `company`.
   */
  async editBiography(body: EditBiographyBody): Promise<{ description: string | null } | null> {
    const clean = sanitizeStoredHtml(body.sDescription).trim();
    const description = plainTextOf(clean) === '' ? null : clean;
    const id = body.iDescription_AttachToID;
    return writeTransaction(deps.db, deps.changes, async (tx, note) => {
      if (!(await setDescription(tx, body.cDescription_Entity, id, description))) return null;
      note({ kind: body.cDescription_Entity === 'U' ? 'analyst' : 'company', ids: [id] });
      return { description };
    });
  },

  /**
   * POST /overall/updateOurPeople: lists or unlists a team member in Our People (the landing, /people); 'unknown'
   * (nothing written) when there is no such active member.
   */
  async updateOurPeople(body: UpdateOurPeopleBody): Promise<'updated' | 'unknown'> {
    return writeTransaction(deps.db, deps.changes, async (tx, note) => {
      if (!(await setOurPeople(tx, body.id, body.isOurPeople))) return 'unknown';
      note({ kind: 'analyst', ids: [body.id] });
      return 'updated';
    });
  },

  /**
   * POST /overall/sortOurPeople (the whole team's order, hidden members too, so that one shown again keeps their
   * place); 'unknownPerson' (nothing written) when an id is not an active team member.
   */
  async sortOurPeople(sortValue: SortOurPeopleBody['sortValue']): Promise<'sorted' | 'unknownPerson'> {
    const orders = Object.entries(sortValue).map(([id, position]) => ({ id: Number(id), position }));
    return writeTransaction(deps.db, deps.changes, async (tx, note) => {
      const ids = orders.map((o) => o.id);
      if ((await countTeam(tx, ids)) !== ids.length) return 'unknownPerson';
      await setSortOrders(tx, orders);
      note({ kind: 'analyst', ids });
      return 'sorted';
    });
  },
});

export type TeamService = ReturnType<typeof createTeamService>;
