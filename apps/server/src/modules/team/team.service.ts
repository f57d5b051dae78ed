import type { SortOurPeopleBody } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { type ChangeFeed, writeTransaction } from '../changes/change-feed.ts';
import { countOurPeople, setSortOrders } from './team.repository.ts';

/**
 * Team Management (issue 24; spec 2): Our People's order. The positions are saved in one transaction that notes an
 * `analyst` change, so the landing's Our People, /people and every card that lists analysts show the new order on
 * the next request. People without a position sort last (the Our People query).
 */
export const createTeamService = (deps: { db: Db; changes: ChangeFeed }) => ({
  /** POST /overall/sortOurPeople; 'unknownPerson' (nothing written) when an id is not in Our People. */
  async sortOurPeople(sortValue: SortOurPeopleBody['sortValue']): Promise<'sorted' | 'unknownPerson'> {
    const orders = Object.entries(sortValue).map(([id, position]) => ({ id: Number(id), position }));
    return writeTransaction(deps.db, deps.changes, async (tx, note) => {
      const ids = orders.map((o) => o.id);
      if ((await countOurPeople(tx, ids)) !== ids.length) return 'unknownPerson';
      await setSortOrders(tx, orders);
      note({ kind: 'analyst', ids });
      return 'sorted';
    });
  },
});

export type TeamService = ReturnType<typeof createTeamService>;
