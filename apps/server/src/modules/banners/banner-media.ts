import {
  headerImageMimeTypes,
  messagesSliders as m,
  sliderImageMimeTypes,
  sliderImageSize,
  sliderLimits,
  sliderVideoTypes,
} from '@portal/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/**
 * The checks of the site's banner media (issue 24; spec 2 section 5), on the file's bytes only: its real type
 * (magic bytes, never the name or the declared type), its size in bytes, a picture's size in pixels and frames read
 * from its header before any pixel is decoded; then a picture is re-encoded by sharp (metadata dropped, our own
 * WebP), so nothing of an upload but its pixels is ever served. A film is kept as sent: its type is one of the
 * spec's containers by its bytes, under the spec's size (there is no decoder here to re-encode it with).
 */
export type CheckedMedia =
  | { ok: true; kind: 'image' | 'video'; bytes: Buffer; extension: string; contentType: string }
  | { ok: false; status: 400 | 413; message: string };

const refused = (message: string, status: 400 | 413 = 400): CheckedMedia => ({ ok: false, status, message });

/** sharp's refusal of an image past limitInputPixels (the header is read before any pixel is decoded). */
const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

const framePixels = sliderImageSize.width * sliderImageSize.height;

/** A slide's picture (JPEG, PNG or GIF of exactly 1280 x 580) or film (m4v, avi, mov, mpg, mpeg, mp4 under 15 MB). */
export const checkSliderMedia = async (bytes: Buffer): Promise<CheckedMedia> => {
  if (bytes.length === 0) return refused(m.mediaMissing);
  const type = await fileTypeFromBuffer(bytes);
  if (type && type.ext in sliderVideoTypes) {
    if (bytes.length >= sliderLimits.videoMaxBytes) return refused(m.videoTooLarge, 413);
    return {
      ok: true,
      kind: 'video',
      bytes,
      extension: type.ext,
      contentType: sliderVideoTypes[type.ext as keyof typeof sliderVideoTypes],
    };
  }
  if (!type || !(sliderImageMimeTypes as readonly string[]).includes(type.mime))
    return refused(type?.mime.startsWith('video/') ? m.videoWrongType : m.imageWrongType);
  if (bytes.length > sliderLimits.imageMaxBytes) return refused(m.mediaTooLarge, 413);
  const animated = type.mime === 'image/gif';
  // Every frame of an animated GIF is decoded: the bound is the spec's size times the frames we take.
  const input = () =>
    sharp(bytes, { animated, limitInputPixels: framePixels * (animated ? sliderLimits.imageMaxFrames : 1) });
  try {
    const meta = await input().metadata();
    const pages = meta.pages ?? 1;
    if (pages > sliderLimits.imageMaxFrames) return refused(m.imageTooManyFrames);
    const height = meta.pageHeight ?? meta.height;
    if (meta.width !== sliderImageSize.width || height !== sliderImageSize.height)
      return refused(m.imageWrongSize);
    const encoded = await input().webp({ quality: 82, effort: 4 }).toBuffer();
    return { ok: true, kind: 'image', bytes: encoded, extension: 'webp', contentType: 'image/webp' };
  } catch (error) {
    // A header claiming more pixels than the spec's size is not 1280 x 580; one over missing pixels is unreadable.
    if (!isPixelLimitError(error)) return refused(m.mediaUnreadable);
    return refused(animated ? m.imageTooManyFrames : m.imageWrongSize);
  }
};

/** A page's header picture: PNG or JPEG ('Please upload a PNG image.'), wide and low, stored as WebP. */
export const checkHeaderImage = async (bytes: Buffer): Promise<CheckedMedia> => {
  if (bytes.length === 0) return refused(m.mediaMissing);
  if (bytes.length > sliderLimits.headerMaxBytes) return refused(m.mediaTooLarge, 413);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(headerImageMimeTypes as readonly string[]).includes(type.mime))
    return refused(m.bannerWrongType);
  const input = () =>
    sharp(bytes, { limitInputPixels: sliderLimits.headerMaxWidth * sliderLimits.headerMaxHeight });
  try {
    const meta = await input().metadata();
    const upright = (meta.orientation ?? 1) >= 5;
    const width = (upright ? meta.height : meta.width) ?? 0;
    const height = (upright ? meta.width : meta.height) ?? 0;
    if (
      width < sliderLimits.headerMinWidth ||
      width > sliderLimits.headerMaxWidth ||
      height < sliderLimits.headerMinHeight ||
      height > sliderLimits.headerMaxHeight
    )
      return refused(m.headerTooNarrow);
    const encoded = await input()
      .rotate()
      .resize({ width: sliderLimits.headerStoredWidth, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { ok: true, kind: 'image', bytes: encoded, extension: 'webp', contentType: 'image/webp' };
  } catch (error) {
    return refused(isPixelLimitError(error) ? m.headerTooNarrow : m.mediaUnreadable);
  }
};
