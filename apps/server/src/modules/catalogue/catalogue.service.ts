import type { Db } from '../../db/client.ts';
import type { Entitlement } from '../entitlements/entitlements.ts';
import {
  findAnalysts,
  findCompanies,
  findCountries,
  findKeyCharts,
  findPersonMatrix,
  findRegions,
  findSectors,
} from './catalogue.repository.ts';

/** Subject pages: analysts and Our People, companies, countries and regions, sectors, key charts. */
export const createCatalogueService = (deps: { db: Db }) => {
  const { db } = deps;
  return {
    analysts: (query: { id?: number; sector?: number; q?: string }) => findAnalysts(db, query),

    async ourPeople() {
      const data = await findAnalysts(db, { ourPeople: true });
      const categories = [...new Set(data.map((person) => person.sJobCat).filter(Boolean))].sort((a, b) =>
        a.localeCompare(b),
      );
      return { data, categories };
    },

    companies: (query: { id?: number; q?: string }) => findCompanies(db, query),

    async countries(query: { id?: number; region?: string }) {
      const [data, regions] = await Promise.all([findCountries(db, query), findRegions(db)]);
      return { data, regions };
    },

    sectors: (query: { id?: number; mine?: '0' | '1' }, entitlement: Entitlement) =>
      findSectors(db, {
        id: query.id,
        onlyIds: query.mine === '1' ? entitlement.subscribedSectorIds : undefined,
        subscribedIds: entitlement.subscribedSectorIds,
      }),

    keyCharts: (sectorId: number) => findKeyCharts(db, sectorId),

    /**
     * The sectors of person {id}'s matrix for GET /reports/MyReports/{id}/{entity}. Identity comes from the
     * session: only an admin may ask about someone else.
     */
    async myReportsScope(caller: { id: number; type: string }, id: number, entity: string) {
      if (id !== caller.id && caller.type !== 'admin') return { kind: 'forbidden' as const };
      const person = await findPersonMatrix(db, id);
      if (!person || person.entity !== entity) return { kind: 'notFound' as const };
      return { kind: 'ok' as const, sectorIds: person.sectorIds };
    },
  };
};

export type CatalogueService = ReturnType<typeof createCatalogueService>;
