import { isPublicParameter } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { findParameter } from './parameters.repository.ts';

export const createParametersService = (deps: { db: Db }) => ({
  /** A parameter is revealed only when the contract allow-lists it and it is stored as public. */
  async getPublic(name: string) {
    if (!isPublicParameter(name)) return null;
    const row = await findParameter(deps.db, name);
    return row?.isPublic ? { name: row.name, value: row.value } : null;
  },

  async get(name: string) {
    return (await findParameter(deps.db, name))?.value ?? null;
  },
});

export type ParametersService = ReturnType<typeof createParametersService>;
