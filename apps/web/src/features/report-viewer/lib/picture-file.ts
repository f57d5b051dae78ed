/** The real type of a picture file from its first bytes (never its name or the browser's guess). */
export const pictureTypeOf = (head: Uint8Array): 'image/png' | 'image/jpeg' | null => {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, i) => head[i] === byte)) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
};

/** A PNG or JPEG file's real type and size in pixels, or null when it is neither or does not decode. */
export const readPictureFile = async (
  file: Blob,
): Promise<{ mime: 'image/png' | 'image/jpeg'; width: number; height: number } | null> => {
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
