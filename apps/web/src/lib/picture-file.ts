export type PictureType = 'image/png' | 'image/jpeg' | 'image/gif';

/**
 * The real type of a picture file from its first bytes (never its name or the browser's guess), as the server
 * decides it again (file-type): the analyst photo, the profile photo, the slides and the page headers.
 */
export const pictureTypeOf = (head: Uint8Array): PictureType | null => {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, i) => head[i] === byte)) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (
    String.fromCharCode(...head.slice(0, 6)) === 'GIF87a' ||
    String.fromCharCode(...head.slice(0, 6)) === 'GIF89a'
  )
    return 'image/gif';
  return null;
};

/** A PNG, JPEG or GIF file's real type and size in pixels, or null when it is none of them or does not decode. */
export const readPictureFile = async (
  file: Blob,
): Promise<{ mime: PictureType; width: number; height: number } | null> => {
  const mime = pictureTypeOf(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
  if (!mime) return null;
  try {
    // Upright as EXIF says, as the server measures it.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return { mime, ...size };
  } catch {
    return null;
  }
};
