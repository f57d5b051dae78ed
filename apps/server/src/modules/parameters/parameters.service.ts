import { isPublicPageParameter, isPublicParameter } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { LoadingCache } from '../cache/loading-cache.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import type { Clock } from '../runtime.ts';
import { findParameter, findParameters } from './parameters.repository.ts';
import { createParametersAdmin } from './parameters-admin.ts';

/**
 * Configuration parameters (spec 3 section 9). One parameter's row is cached by name (the watermark's, the
 * booking switch, mail templates are read on every file, booking or mail); a `parameter` change (by name) drops it
 * at commit, so an administrator's change applies on the next request. The list reads (a page's parameters) are
 * one statement each and not cached.
 */
export const createParametersService = (deps: {
  db: Db;
  changes: ChangeFeed;
  cacheTtlMs: number;
  clock: Clock;
}) => {
  const rows = new LoadingCache<string, Awaited<ReturnType<typeof findParameter>>>({
    ttlMs: deps.cacheTtlMs,
    max: 1000,
    now: () => deps.clock().getTime(),
  });
  deps.changes.subscribe('parameter', (change) => {
    if (!change.ids) return rows.clear();
    for (const name of change.ids) rows.delete(String(name));
  });
  const rowOf = (name: string) => rows.getOrLoad(name, () => findParameter(deps.db, name));
  /** The names among `names` that `allowed` lets out and that are stored as public, in order, in one query. */
  const storedPublic = async (names: readonly string[], allowed: (name: string) => boolean) => {
    const wanted = [...new Set(names)].filter(allowed);
    const found = await findParameters(deps.db, wanted);
    const byName = new Map(found.filter((row) => row.isPublic).map((row) => [row.name, row.value]));
    return wanted.flatMap((name) => {
      const value = byName.get(name);
      return value === undefined ? [] : [{ name, value }];
    });
  };
  return {
    /** A parameter is revealed only when the contract allow-lists it and it is stored as public. */
    async getPublic(name: string) {
      if (!isPublicParameter(name)) return null;
      const row = await rowOf(name);
      return row?.isPublic ? { name: row.name, value: row.value } : null;
    },

    /** The comma-list form of getPublic: the revealed ones among `names`, in the asked order, in one query. */
    getPublicList: (names: readonly string[]) => storedPublic(names, isPublicParameter),

    /**
     * Page parameters (GET /getCustomPageParam): the names on the contract's page allow-list that are stored as
     * public, in the asked order; every other name is left out before the database is even asked.
     */
    getPublicPage: (names: readonly string[]) => storedPublic(names, isPublicPageParameter),

    async get(name: string) {
      return (await rowOf(name))?.value ?? null;
    },

    /** The administrator's list and write (GET /admin/parameters, POST /admin/parameters/{name}). */
    admin: createParametersAdmin({ db: deps.db, changes: deps.changes }),
  };
};

export type ParametersService = ReturnType<typeof createParametersService>;
