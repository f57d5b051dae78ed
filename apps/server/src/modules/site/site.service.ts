import {
  favouritePath,
  type LandingReply,
  landingConstants,
  messagesSite,
  type NavItem,
  sliderMediaUrl,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { LoadingCache } from '../cache/loading-cache.ts';
import { type ChangeFeed, writeTransaction } from '../changes/change-feed.ts';
import { plainTextOf, sanitizeStoredHtml } from '../rich-text/stored-html.ts';
import type { Clock } from '../runtime.ts';
import { buildNavTree } from './nav-tree.ts';
import {
  findContent,
  isPrivateSliderMedia,
  listActiveSliders,
  listFavourites,
  listLatestResearch,
  listNavRows,
  saveContent,
} from './site.repository.ts';

export const aboutContentKey = 'about';

/** Navigation, landing data and content pages (spec 1 sections 2.3-2.4, spec 2 content). */
export const createSiteService = (deps: {
  db: Db;
  changes: ChangeFeed;
  clock?: Clock;
  cacheTtlMs?: number;
}) => {
  const { db } = deps;
  // Every page load of / and /home asks for the first banner picture: two possible answers (signed in or not),
  // kept for the cache's time and dropped by any `site-content` change (the sliders are site content).
  const heroes = new LoadingCache<boolean, string | null>({
    ttlMs: deps.cacheTtlMs ?? 0,
    max: 2,
    now: deps.clock ? () => deps.clock!().getTime() : undefined,
  });
  deps.changes.subscribe('site-content', () => heroes.clear());
  return {
    /**
     * The menu tree. The favourites item appears only while favourites exist, and always lists them (links to
     * /blogs/{key}), whatever children were stored under it.
     */
    async navItems(): Promise<NavItem[]> {
      const [rows, favourites] = await Promise.all([listNavRows(db), listFavourites(db)]);
      const withFavourites = (items: NavItem[]): NavItem[] =>
        items.flatMap((item) => {
          if (item.type !== 'favourites') return [{ ...item, children: withFavourites(item.children) }];
          if (favourites.length === 0) return [];
          const children = favourites.map((f, i) => ({
            // Negative ids cannot collide with stored rows; the web uses them only as keys.
            id: -(item.id * 1000 + i + 1),
            type: 'link' as const,
            label: f.topic,
            path: favouritePath(f.key),
            tag: null,
            children: [],
          }));
          return [{ ...item, label: item.label || messagesSite.favourites, children }];
        });
      return withFavourites(buildNavTree(rows));
    },

    favourites: () => listFavourites(db),

    async landing(signedIn: boolean): Promise<LandingReply> {
      const [sliders, latest] = await Promise.all([
        listActiveSliders(db, signedIn),
        listLatestResearch(db, landingConstants.latestCount),
      ]);
      return { sliders, latest };
    },

    /** The first banner slide's image address (the landing's largest paint), if the first slide is an image. */
    async firstBannerImage(signedIn: boolean, apiBase: string): Promise<string | undefined> {
      const url = await heroes.getOrLoad(signedIn, async () => {
        const [first] = await listActiveSliders(db, signedIn);
        return (first?.type === 'image' ? sliderMediaUrl(apiBase, first.mediaPath) : undefined) ?? null;
      });
      return url ?? undefined;
    },

    /** A slider picture shown only on private slides: served to signed-in readers only (GET /media). */
    privateSliderMedia: (mediaKey: string) => isPrivateSliderMedia(db, mediaKey),

    async about() {
      const row = await findContent(db, aboutContentKey);
      return { html: row?.html ?? '', updatedAt: row?.updatedAt?.toISOString() ?? null };
    },

    /**
     * POST /content/update (spec 2 "Our Firm Management"): the About Us text saved whole, sanitised with the
     * stored-HTML policy; a text with no words after that is refused (null) and nothing is written. The
     * `site-content` change is published at commit (the painted About page reads the row on every load).
     */
    async updateAbout(html: string) {
      const clean = sanitizeStoredHtml(html).trim();
      if (plainTextOf(clean) === '') return null;
      const row = await writeTransaction(db, deps.changes, async (tx, note) => {
        const saved = await saveContent(tx, aboutContentKey, clean, (deps.clock ?? (() => new Date()))());
        note({ kind: 'site-content', ids: [aboutContentKey] });
        return saved;
      });
      return { html: row.html, updatedAt: row.updatedAt?.toISOString() ?? null };
    },
  };
};

export type SiteService = ReturnType<typeof createSiteService>;
