import { randomBytes } from 'node:crypto';
import { blogLimits, messagesBlogs } from '@portal/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';
import type { Storage } from '../storage/storage.ts';

const texts = messagesBlogs.upload;

/** The formats an editor image may be, decided by the file's bytes (file-type), never by its name or label. */
const acceptedTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export type StoreImageOutcome =
  | { kind: 'stored'; path: string; width: number; height: number }
  | { kind: 'refused'; status: 400 | 413; message: string };

const refused = (message: string, status: 400 | 413 = 400): StoreImageOutcome => ({
  kind: 'refused',
  status,
  message,
});

/** sharp's refusal of an image past limitInputPixels (the header is read before any pixel is decoded). */
const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Images of the post editor (POST /posts/uploadImage). An upload is never stored as sent: its type is read from
 * its bytes, its size in pixels is checked from the header before decoding (a small file can claim 50,000 x
 * 50,000 pixels and take gigabytes to decode), and the pixels are re-encoded by sharp: rotated upright by EXIF,
 * metadata dropped (camera, GPS), at most imageStoredMaxWidth wide. What is stored is our own PNG, JPEG or WebP,
 * under a random name in the public 'posts' media folder, so nothing of the upload but its pixels is served.
 */
export const createPostImagesService = (deps: { storage: Storage }) => ({
  async store(bytes: Buffer): Promise<StoreImageOutcome> {
    if (bytes.length === 0) return refused(texts.missing);
    if (bytes.length > blogLimits.imageMaxBytes) return refused(texts.tooLarge, 413);
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !acceptedTypes.has(type.mime)) return refused(texts.wrongType);
    // GIF: the first frame only (animated: false); it is stored as PNG, which keeps its palette's colours.
    const input = () => sharp(bytes, { limitInputPixels: blogLimits.imageMaxPixels, animated: false });
    let format: 'png' | 'jpeg' | 'webp';
    try {
      const meta = await input().metadata();
      if (!meta.width || !meta.height) return refused(texts.unreadable);
      if (meta.width * meta.height > blogLimits.imageMaxPixels) return refused(texts.tooManyPixels, 413);
      format = type.mime === 'image/jpeg' ? 'jpeg' : type.mime === 'image/webp' ? 'webp' : 'png';
    } catch (error) {
      return isPixelLimitError(error) ? refused(texts.tooManyPixels, 413) : refused(texts.unreadable);
    }
    let encoded: { data: Buffer; info: OutputInfo };
    try {
      const pipeline = input()
        .rotate()
        .resize({ width: blogLimits.imageStoredMaxWidth, withoutEnlargement: true });
      const formatted =
        format === 'jpeg'
          ? pipeline.jpeg({ quality: 82, mozjpeg: true })
          : format === 'webp'
            ? pipeline.webp({ quality: 82 })
            : pipeline.png({ compressionLevel: 9 });
      encoded = await formatted.toBuffer({ resolveWithObject: true });
    } catch (error) {
      // A header that reads but pixels that do not (a truncated or corrupt file) is the upload's fault.
      return isPixelLimitError(error) ? refused(texts.tooManyPixels, 413) : refused(texts.unreadable);
    }
    const extension = format === 'jpeg' ? 'jpg' : format;
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    await deps.storage.put(`posts/${name}`, encoded.data, `image/${format}`);
    return {
      kind: 'stored',
      path: `/api/media/posts/${name}`,
      width: encoded.info.width,
      height: encoded.info.height,
    };
  },
});

export type PostImagesService = ReturnType<typeof createPostImagesService>;
