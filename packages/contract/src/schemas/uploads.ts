import { z } from 'zod';
import { messagesConnect } from '../messages-connect.ts';
import { messagesSliders } from '../messages-sliders.ts';
import { analystPhotoMessages } from '../messages-viewer.ts';
import { numberInput } from './fields.ts';
import { headerImageKeys } from './sliders.ts';

/**
 * POST /upload?type={type}&id={id} (admin; spec 2 section 7, spec 3 section 7): one image file (multipart field
 * `file`) for one thing. `campaign`: an event's banner (id: the event, issue 15); `analyst`: an analyst's photo
 * (id: the analyst, issue 23; spec 2 sections 5 and 9). Every rule below is decided again on the server, on the file's bytes (never its name or declared type).
 */
export const uploadTypes = ['campaign', 'analyst', 'banner', 'header'] as const;
export type UploadType = (typeof uploadTypes)[number];

const m = analystPhotoMessages;

const numericId = numberInput(
  z.number({ error: m.idInvalid }).int(m.idInvalid).positive(m.idInvalid).max(2_147_483_647, m.idInvalid),
);

/**
 * `banner` (issue 24): a homepage slide's picture or film, stored unattached and saved with the slide (no id);
 * `header`: a page's header picture (id: the page's key, see headerImageKeys).
 */
export const uploadQuery = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('campaign'), id: numericId }),
    z.object({ type: z.literal('analyst'), id: numericId }),
    z.object({ type: z.literal('banner') }),
    z.object({
      type: z.literal('header'),
      id: z.enum(headerImageKeys, { error: messagesSliders.headerUnknownKey }),
    }),
  ],
  { error: messagesConnect.validation.uploadTypeInvalid },
);
export type UploadQuery = z.infer<typeof uploadQuery>;

/** The analyst photo's rules (spec 2 sections 5 and 9: 'Profile image 253x203 (height up to 210)'). */
export const analystPhotoLimits = {
  width: 253,
  minHeight: 203,
  maxHeight: 210,
  /** ours: far above any 253x210 picture (about 210 KB as raw pixels), far below anything that costs memory */
  maxBytes: 1024 * 1024,
  /** the formats accepted, by their real (magic-byte) type */
  mimeTypes: ['image/png', 'image/jpeg'],
} as const;

/** What is wrong with a picture of `mime` and `width` x `height` as an analyst photo, or null when it fits. */
export const analystPhotoProblem = (picture: { mime: string; width: number; height: number }) => {
  if (!(analystPhotoLimits.mimeTypes as readonly string[]).includes(picture.mime)) return m.wrongType;
  if (
    picture.width !== analystPhotoLimits.width ||
    picture.height < analystPhotoLimits.minHeight ||
    picture.height > analystPhotoLimits.maxHeight
  )
    return m.wrongSize;
  return null;
};

/** The reply of type=analyst: the analyst's new image path (what cards and pages carry as image_path). */
export const analystPhotoReply = z.object({
  success: z.literal(true),
  message: z.string(),
  /** the public address of the new photo (GET /media/analysts/...) */
  url: z.string(),
  /** the storage path the analyst's image_path now holds ('analysts/...') */
  image_path: z.string(),
});
export type AnalystPhotoReply = z.infer<typeof analystPhotoReply>;
