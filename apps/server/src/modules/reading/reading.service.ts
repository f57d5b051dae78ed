import {
  type HomeReply,
  homeConstants,
  type ReportCard,
  type ReportsReply,
  reportsQuery,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import { type Caller, JsonBody, type ResearchService } from '../research/research.service.ts';
import type { Clock } from '../runtime.ts';
import {
  findLatestReadable,
  findMustRead,
  findRecentlySaved,
  findUnfinished,
  recordProgress,
} from './reading.repository.ts';

/** The viewer's own access decision (report-viewer service `mayOpen`): progress is kept only where it lets in. */
export interface OpenDecision {
  mayOpen(user: User, reportId: number): Promise<'granted' | 'notEntitled' | 'unknownReport'>;
}

/** Where each list's full list is (spec 1 section 2.6: the research list, its My Research tab, saved research). */
export const homeLinks = {
  myResearch: '/search?tab=mine',
  research: '/search',
  saved: '/SavedResearches',
} as const;

/**
 * Reading progress and the signed-in home (issue 11). The home is put together per request from a few indexed
 * reads and one card query (the research lists' own, so `entitled` and `saved` are right); nothing of it is
 * cached here, so a save, an unsave or a progress write shows on the very next request. Only the latest list
 * of a reader with a matrix comes from the research service's shared My Research page (cached like any list
 * page, it follows the change feed: a published or changed report shows on the next request).
 */
export const createReadingService = (deps: {
  db: Db;
  clock: Clock;
  research: ResearchService;
  entitlements: EntitlementsService;
  viewer: OpenDecision;
}) => {
  const { db, clock, research } = deps;
  const size = homeConstants.listSize;

  /** The My Research tab's first page, as GET /reports?mine=1 answers it (possibly its shared, rendered body). */
  const myResearch = async (caller: Caller): Promise<ReportCard[]> => {
    const page = await research.list(reportsQuery.parse({ type: 'all', mine: '1', pageSize: size }), caller);
    return page instanceof JsonBody ? (JSON.parse(page.text) as ReportsReply).data : page.data;
  };

  return {
    /**
     * PUT /report/{id}/progress: only for a report the reader may open, as the viewer decides; a refusal writes
     * nothing. One upsert that keeps the furthest point.
     */
    async recordProgress(user: User, reportId: number, fraction: number) {
      const decision = await deps.viewer.mayOpen(user, reportId);
      if (decision !== 'granted') return decision;
      await recordProgress(db, user.id, reportId, fraction, clock());
      return 'granted' as const;
    },

    /** GET /overall/home: latest (own sectors, or what an npi reader may read), continue reading, saved, Must Read. */
    async home(user: User): Promise<HomeReply> {
      const entitlement = await deps.entitlements.entitlementFor(user);
      const caller: Caller = { userId: user.id, entitlement, who: `user:${user.id}` };
      // npi readers have no My Research tab (spec 1 section 2.6); nor does a reader without a matrix: both get
      // the newest reports they may open, which for an Activated npi reader are their sectors' and the free ones.
      const npi = user.type === 'npi';
      const bySectors = !npi && entitlement.subscribedSectorIds.length > 0;
      const [unfinished, savedIds, mustReadIds, readableIds, sectorCards] = await Promise.all([
        findUnfinished(db, user.id, size, clock()),
        findRecentlySaved(db, user.id, size),
        findMustRead(db, size),
        bySectors ? Promise.resolve([]) : findLatestReadable(db, entitlement, size),
        bySectors ? myResearch(caller) : Promise.resolve(null),
      ]);
      // One card query for every report the lists name.
      const ids = [
        ...new Set([...unfinished.map((row) => row.reportId), ...savedIds, ...mustReadIds, ...readableIds]),
      ];
      const byId = new Map((await research.cards(ids, caller)).map((card) => [card.id, card]));
      const cardsOf = (list: readonly number[]) => list.flatMap((id) => byId.get(id) ?? []);
      return {
        variant: npi ? 'npi' : 'client',
        latestOf: bySectors ? 'sectors' : 'readable',
        latest: {
          data: sectorCards ?? cardsOf(readableIds),
          more: bySectors ? homeLinks.myResearch : homeLinks.research,
        },
        continueReading: {
          data: unfinished.flatMap((row) => {
            const card = byId.get(row.reportId);
            // float4 carries noise past the sixth digit (0.3 reads 0.30000001)
            return card ? [{ ...card, fraction: Math.round(row.fraction * 10_000) / 10_000 }] : [];
          }),
          // the list is the whole of it: the reader's unfinished reports beyond these are older reads
          more: null,
        },
        saved: { data: cardsOf(savedIds), more: homeLinks.saved },
        // The Must Read list in full is the research page's side panel.
        mustRead: { data: cardsOf(mustReadIds), more: homeLinks.research },
      };
    },
  };
};

export type ReadingService = ReturnType<typeof createReadingService>;
