import { isPublicPageParameter, isPublicParameter } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { findParameter, findParameters } from './parameters.repository.ts';

export const createParametersService = (deps: { db: Db }) => ({
  /** A parameter is revealed only when the contract allow-lists it and it is stored as public. */
  async getPublic(name: string) {
    if (!isPublicParameter(name)) return null;
    const row = await findParameter(deps.db, name);
    return row?.isPublic ? { name: row.name, value: row.value } : null;
  },

  /** The comma-list form of getPublic: the revealed ones among `names`, in the asked order, in one query. */
  async getPublicList(names: readonly string[]) {
    const wanted = [...new Set(names)].filter(isPublicParameter);
    const rows = await findParameters(deps.db, wanted);
    const byName = new Map(rows.filter((row) => row.isPublic).map((row) => [row.name, row.value]));
    return wanted.flatMap((name) => {
      const value = byName.get(name);
      return value === undefined ? [] : [{ name, value }];
    });
  },

  /**
   * Page parameters (GET /getCustomPageParam): the names on the contract's page allow-list that are stored as
   * public, in the asked order; every other name is left out before the database is even asked.
   */
  async getPublicPage(names: readonly string[]) {
    const wanted = [...new Set(names)].filter(isPublicPageParameter);
    const rows = await findParameters(deps.db, wanted);
    const byName = new Map(rows.filter((row) => row.isPublic).map((row) => [row.name, row.value]));
    return wanted.flatMap((name) => {
      const value = byName.get(name);
      return value === undefined ? [] : [{ name, value }];
    });
  },

  async get(name: string) {
    return (await findParameter(deps.db, name))?.value ?? null;
  },
});

export type ParametersService = ReturnType<typeof createParametersService>;
