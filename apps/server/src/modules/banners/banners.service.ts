import { randomBytes } from 'node:crypto';
import {
  type HeaderImageKey,
  type HeaderImageReply,
  headerImageKeys,
  messagesSliders as m,
  type SaveSliderBody,
  type SaveSliderReply,
  type SliderItem,
  type saveSliderBody,
  sliderLimits,
} from '@portal/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type ChangeFeed, writeTransaction } from '../changes/change-feed.ts';
import type { Clock } from '../runtime.ts';
import type { Storage } from '../storage/storage.ts';
import { checkHeaderImage, checkSliderMedia } from './banner-media.ts';
import {
  deleteHeaderImage,
  findHeaderImage,
  findSliderForUpdate,
  listHeaderImages,
  listSliders,
  lockSliderKeys,
  replaceHeaderImage,
  setSliderOrder,
  slideCountForInsert,
  sliderMediaInUse,
  upsertSlider,
} from './banners.repository.ts';

type SaveSlider = z.output<typeof saveSliderBody>;

export type { SaveSliderBody };

export type Refusal<Status extends number> = { kind: 'refused'; status: Status; message: string };
const refused = <Status extends number>(status: Status, message: string): Refusal<Status> => ({
  kind: 'refused',
  status,
  message,
});

const imageMedia = /\.(webp|gif)$/;
const videoMedia = /\.(mp4|m4v|mov|avi|mpg)$/;
const formatOf = (mediaKey: string | null) => {
  const extension = mediaKey?.split('.').pop();
  const formats: Record<string, string> = {
    webp: 'image/webp',
    gif: 'image/gif',
    mp4: 'video/mp4',
    m4v: 'video/x-m4v',
    mov: 'video/quicktime',
    avi: 'video/vnd.avi',
    mpg: 'video/mpeg',
  };
  return extension ? (formats[extension] ?? null) : null;
};

/**
 * Spec 2 section 4: on save, an image slide without its picture, a video slide without its film, and a url slide
 * with no link, heading and sub heading are saved inactive with no type. A slide of type none is never shown.
 */
export const settleSlide = (slide: SaveSlider): { slide: SaveSlider; emptied: boolean } => {
  const lacking =
    (slide.type === 'image' && !(slide.mediaKey && imageMedia.test(slide.mediaKey))) ||
    (slide.type === 'video' && !(slide.mediaKey && videoMedia.test(slide.mediaKey))) ||
    (slide.type === 'url' && !slide.link && !slide.heading && !slide.subHeading);
  if (lacking) return { slide: { ...slide, type: 'none', active: false }, emptied: true };
  if (slide.type === 'none') return { slide: { ...slide, active: false, mediaKey: null }, emptied: false };
  return { slide, emptied: false };
};

/** The public media folders of slides and page headers (GET /media/{folder}/{file}). */
export const sliderFolder = 'sliders';
export const headerFolder = 'headers';

/**
 * Homepage Slider Management and header images (issue 24; spec 2 sections 2-5). An upload is checked and stored
 * under a new random name, unattached; saving a slide attaches it. Every write is one transaction noting a
 * `site-content` change (ids 'sliders' or 'header:{key}'), so the landing and the pages show it on the next
 * request; a file nothing points at any more is removed after the commit.
 */
export const createBannersService = (deps: {
  db: Db;
  storage: Storage;
  changes: ChangeFeed;
  clock?: Clock;
}) => {
  const { db, storage, changes } = deps;
  const now = () => (deps.clock ?? (() => new Date()))();

  /** Removes a replaced file once no slide holds it (a seeded picture too: the slide was its only holder). */
  const dropUnused = async (mediaKey: string | null) => {
    if (mediaKey && !(await sliderMediaInUse(db, mediaKey))) await storage.delete(mediaKey);
  };

  const headerUrl = (mediaKey: string | null) => (mediaKey ? `/api/media/${mediaKey}` : null);

  return {
    listSliders: () => listSliders(db),

    /** POST /upload?type=banner: a checked picture (re-encoded) or film, stored unattached. */
    async storeSliderMedia(bytes: Buffer) {
      const checked = await checkSliderMedia(bytes);
      if (!checked.ok) return refused<400 | 413>(checked.status, checked.message);
      const mediaKey = `${sliderFolder}/${randomBytes(12).toString('hex')}.${checked.extension}`;
      await storage.put(mediaKey, checked.bytes, checked.contentType);
      return { kind: 'stored' as const, mediaKey, type: checked.kind, format: checked.contentType };
    },

    /** POST /saveSlider: one slide's settings; a new slide (no key) goes last. */
    async saveSlider(
      body: SaveSlider,
    ): Promise<Refusal<400 | 404 | 409> | ({ kind: 'saved' } & SaveSliderReply)> {
      if (body.mediaKey && !(await storage.exists(body.mediaKey)))
        return refused(400 as const, m.mediaUnknown);
      const { slide, emptied } = settleSlide(body);
      const outcome = await writeTransaction(
        db,
        changes,
        async (
          tx,
          note,
        ): Promise<Refusal<404 | 409> | ({ kind: 'saved'; replaced: string | null } & SaveSliderReply)> => {
          let sortOrder: number;
          let previous: SliderItem | null = null;
          let key = slide.key;
          if (key) {
            previous = await findSliderForUpdate(tx, key);
            if (!previous) return refused(404 as const, m.unknownSlide);
            sortOrder = previous.sortOrder;
          } else {
            const { count, last } = await slideCountForInsert(tx);
            if (count >= sliderLimits.maxSlides) return refused(409 as const, m.tooManySlides);
            key = `slide-${randomBytes(6).toString('hex')}`;
            sortOrder = last + 1;
          }
          const saved = await upsertSlider(
            tx,
            {
              key,
              name: slide.name || m.newSlideName,
              type: slide.type,
              active: slide.active,
              link: slide.link,
              reportUrl: slide.reportUrl,
              heading: slide.heading,
              subHeading: slide.subHeading,
              isPrivate: slide.isPrivate,
              mediaKey: slide.mediaKey,
              format: formatOf(slide.mediaKey),
            },
            sortOrder,
            now(),
          );
          note({ kind: 'site-content', ids: ['sliders'] });
          return { kind: 'saved' as const, slider: saved, emptied, replaced: previous?.mediaKey ?? null };
        },
      );
      if (outcome.kind === 'saved' && outcome.replaced !== outcome.slider.mediaKey)
        await dropUnused(outcome.replaced);
      if (outcome.kind !== 'saved') return outcome;
      return { kind: 'saved', slider: outcome.slider, emptied: outcome.emptied };
    },

    /** The spec's order save: every slide's key in the new order ('mismatch' when the set is not the slides'). */
    async sortSliders(keys: readonly string[]): Promise<'sorted' | 'mismatch'> {
      return writeTransaction(db, changes, async (tx, note) => {
        const stored = await lockSliderKeys(tx);
        const given = new Set(keys);
        if (stored.length !== keys.length || stored.some((key) => !given.has(key))) return 'mismatch';
        await setSliderOrder(tx, keys, now());
        note({ kind: 'site-content', ids: ['sliders'] });
        return 'sorted';
      });
    },

    /** GET /getHeaderImage?key=: the page's picture, or the default (none). */
    async headerImage(key: HeaderImageKey): Promise<HeaderImageReply> {
      const mediaKey = await findHeaderImage(db, key);
      return { key, url: headerUrl(mediaKey), isDefault: mediaKey === null };
    },

    async headerImages(): Promise<HeaderImageReply[]> {
      const stored = new Map((await listHeaderImages(db)).map((row) => [row.key, row.mediaKey]));
      return headerImageKeys.map((key) => {
        const mediaKey = stored.get(key) ?? null;
        return { key, url: headerUrl(mediaKey), isDefault: mediaKey === null };
      });
    },

    /** POST /upload?type=header&id={key}: the page's new picture (checked, re-encoded, under a new name). */
    async replaceHeaderImage(
      key: HeaderImageKey,
      bytes: Buffer,
    ): Promise<Refusal<400 | 413> | { kind: 'replaced'; header: HeaderImageReply }> {
      const checked = await checkHeaderImage(bytes);
      if (!checked.ok) return refused<400 | 413>(checked.status, checked.message);
      const mediaKey = `${headerFolder}/${key}-${randomBytes(8).toString('hex')}.${checked.extension}`;
      await storage.put(mediaKey, checked.bytes, checked.contentType);
      let old: string | null;
      try {
        old = await writeTransaction(db, changes, async (tx, note) => {
          const replaced = await replaceHeaderImage(tx, key, mediaKey, now());
          note({ kind: 'site-content', ids: [`header:${key}`] });
          return replaced;
        });
      } catch (error) {
        await storage.delete(mediaKey);
        throw error;
      }
      if (old && old !== mediaKey) await storage.delete(old);
      return { kind: 'replaced', header: { key, url: headerUrl(mediaKey), isDefault: false } };
    },

    /** GET /setHeaderImageDefault?key=: back to the plain header. */
    async resetHeaderImage(key: HeaderImageKey): Promise<HeaderImageReply> {
      const old = await writeTransaction(db, changes, async (tx, note) => {
        const removed = await deleteHeaderImage(tx, key);
        if (removed) note({ kind: 'site-content', ids: [`header:${key}`] });
        return removed;
      });
      if (old) await storage.delete(old);
      return { key, url: null, isDefault: true };
    },
  };
};

export type BannersService = ReturnType<typeof createBannersService>;
