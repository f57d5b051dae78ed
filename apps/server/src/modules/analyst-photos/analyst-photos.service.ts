import { randomBytes } from 'node:crypto';
import { analystPhotoLimits, analystPhotoMessages, analystPhotoProblem } from '@portal/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import type { Db, Tx } from '../../db/client.ts';
import { analystExists } from '../catalogue/catalogue.repository.ts';
import { type ChangeFeed, writeTransaction } from '../changes/change-feed.ts';
import type { Storage } from '../storage/storage.ts';
import { replaceImagePath } from './analyst-photos.repository.ts';

const texts = analystPhotoMessages;

/** The public media folder of analyst photos (GET /media/analysts/{file}). */
export const analystPhotoFolder = 'analysts';

export type AnalystPhotoOutcome =
  | { kind: 'replaced'; imagePath: string; url: string }
  | { kind: 'refused'; status: 400 | 404 | 413; message: string };

const refused = (status: 400 | 404 | 413, message: string): AnalystPhotoOutcome => ({
  kind: 'refused',
  status,
  message,
});

/** The decoder reads at most this many pixels: a 253x210 photo has 53,130; a header claiming more is refused. */
const maxInputPixels = 1_000_000;

/** sharp's refusal of an image past limitInputPixels (the header is read before any pixel is decoded). */
const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/** EXIF orientations 5 to 8 turn the picture a quarter: the upright picture's width is the stored height. */
const uprightSize = (meta: Metadata) =>
  (meta.orientation ?? 1) >= 5
    ? { width: meta.height ?? 0, height: meta.width ?? 0 }
    : { width: meta.width ?? 0, height: meta.height ?? 0 };

/** Uploaded photos are named `analyst-{id}-{random}`: only those are ever deleted (never a seeded picture). */
const uploadedPrefix = (id: number) => `${analystPhotoFolder}/analyst-${id}-`;

/**
 * The analysts' photos (spec 2 sections 5 and 9; issue 23): an admin replaces the lead analyst's photo from the
 * report viewer. The file is judged by its bytes only: its real type (magic bytes: PNG or JPEG), its real size
 * (253 px wide, 203 to 210 high, upright as EXIF says), then re-encoded (metadata dropped) and stored under a new
 * key, so no cache anywhere can serve the old picture under the new path. The analyst's image_path changes in one
 * transaction whose `analyst` change drops every cache that holds analysts' photos (the research lists' cards).
 */
export const createAnalystPhotosService = (deps: { db: Db; storage: Storage; changes: ChangeFeed }) => {
  const { db, storage, changes } = deps;
  return {
    /**
     * `alongside`: more writes to the analyst in the same transaction (the profile form of Team Management),
     * before the photo's path; it answers false when the analyst is not there, and then nothing is written.
     */
    async replace(
      analystId: number,
      bytes: Buffer,
      alongside?: (tx: Tx) => Promise<boolean>,
    ): Promise<AnalystPhotoOutcome> {
      if (bytes.length === 0) return refused(400, texts.missing);
      if (bytes.length > analystPhotoLimits.maxBytes) return refused(413, texts.tooLarge);
      if (!(await analystExists(db, analystId))) return refused(404, texts.analystMissing);
      const type = await fileTypeFromBuffer(bytes);
      if (type?.mime !== 'image/png' && type?.mime !== 'image/jpeg') return refused(400, texts.wrongType);
      const input = () => sharp(bytes, { limitInputPixels: maxInputPixels });
      let encoded: Buffer;
      try {
        const meta = await input().metadata();
        const size = uprightSize(meta);
        if (!size.width || !size.height) return refused(400, texts.unreadable);
        const problem = analystPhotoProblem({ mime: type.mime, ...size });
        if (problem) return refused(400, problem);
        const upright = input().rotate();
        encoded = await (type.mime === 'image/jpeg'
          ? upright.jpeg({ quality: 88, mozjpeg: true })
          : upright.png({ compressionLevel: 9 })
        ).toBuffer();
      } catch (error) {
        // A picture past the pixel bound is not 253 wide; a header that reads over pixels that do not is unreadable.
        return refused(400, isPixelLimitError(error) ? texts.wrongSize : texts.unreadable);
      }
      const extension = type.mime === 'image/jpeg' ? 'jpg' : 'png';
      const key = `${uploadedPrefix(analystId)}${randomBytes(8).toString('hex')}.${extension}`;
      await storage.put(key, encoded, type.mime);
      let replaced: Awaited<ReturnType<typeof replaceImagePath>>;
      try {
        replaced = await writeTransaction(db, changes, async (tx, note) => {
          if (alongside && !(await alongside(tx))) return { found: false as const };
          const outcome = await replaceImagePath(tx, analystId, key);
          if (outcome.found) note({ kind: 'analyst', ids: [analystId] });
          return outcome;
        });
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
      if (!replaced.found) {
        await storage.delete(key);
        return refused(404, texts.analystMissing);
      }
      // The previous upload's file goes once nothing points at it; a seeded picture stays where it was.
      if (replaced.oldPath?.startsWith(uploadedPrefix(analystId)) && replaced.oldPath !== key)
        await storage.delete(replaced.oldPath);
      return { kind: 'replaced', imagePath: key, url: `/api/media/${key}` };
    },
  };
};

export type AnalystPhotosService = ReturnType<typeof createAnalystPhotosService>;
