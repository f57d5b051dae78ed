import { z } from 'zod';
import { messagesSliders as m } from '../messages-sliders.ts';
import { textField } from './fields.ts';
import { sliderTypes } from './site.ts';

/**
 * Homepage Slider Management and header images (issue 24; spec 2 sections 2-5 and 7). Every rule here is decided
 * again on the server; the web screen uses the same functions to tell the admin before sending.
 */
export const sliderLimits = {
  headingMax: 75,
  subHeadingMax: 100,
  /** ours: the slide's name, shown to admins only */
  nameMax: 60,
  linkMax: 500,
  reportUrlMax: 300,
  /** spec 2 section 5: a video under 15 MB */
  videoMaxBytes: 15 * 1024 * 1024,
  /** ours: a 1280x580 picture is far below this, even as an animated GIF */
  imageMaxBytes: 8 * 1024 * 1024,
  /** ours: an animated GIF has at most this many frames (a GIF bomb has thousands) */
  imageMaxFrames: 60,
  /** ours: how many slides the home page holds */
  maxSlides: 12,
  /** ours: header pictures */
  headerMaxBytes: 8 * 1024 * 1024,
  headerMinWidth: 1280,
  headerMaxWidth: 6000,
  headerMinHeight: 200,
  headerMaxHeight: 800,
  /** ours: a stored header picture is at most this wide */
  headerStoredWidth: 1920,
} as const;

/** Spec 2 section 5: slider images are JPEG, PNG or GIF (by their bytes on the server, by their type here). */
export const sliderImageMimeTypes = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** Spec 2 section 5: m4v, avi, mov, mpg, mpeg, mp4. */
export const sliderVideoExtensions = ['m4v', 'avi', 'mov', 'mpg', 'mpeg', 'mp4'] as const;
/** The videos' real types (file-type's names) and the content type each is stored and served with. */
export const sliderVideoTypes = {
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mov: 'video/quicktime',
  avi: 'video/vnd.avi',
  mpg: 'video/mpeg',
} as const;
/** Spec 2 section 5 (banner upload): PNG, JPG, JPEG. */
export const headerImageMimeTypes = ['image/png', 'image/jpeg'] as const;

const webLink = /^(https?:\/\/[^\s/$.?#][^\s]*|www\.[^\s.]+\.[^\s]+|mailto:[^\s@]+@[^\s@]+\.[^\s@]+)$/i;
// ours: the seeded slides link to pages of the site (/about), which the spec's in-page link is for
const sitePath = /^\/(?!\/)[^\s\\]*$|^#[\w-]+$/;

/**
 * Spec 2 section 5: a slider link is an http(s), www or mailto address ('Url is not valid'); ';' separates an
 * in-page link from a new-window link, and either part may be a page of this site (/about).
 */
export const isValidSliderLink = (link: string) => {
  const parts = link.split(';');
  if (parts.length > 2 || parts.every((part) => part.trim() === '')) return false;
  return parts.every((part) => {
    const value = part.trim();
    return value === '' || webLink.test(value) || sitePath.test(value);
  });
};

/** A report of this site (the slide's "Read the report"): /reports/{id} or with its slug, /reports/{id}_{slug}. */
export const isValidReportUrl = (url: string) => /^\/reports\/\d+(_[\w-]+)?$/.test(url);

export const sliderKeyPattern = /^[a-z0-9][a-z0-9-]{0,39}$/;
/** Uploaded slider media: the storage key the upload answered with. */
export const sliderMediaKeyPattern = /^sliders\/[a-z0-9-]+\.(webp|gif|mp4|m4v|mov|avi|mpg)$/;

/** A slide as the admin screen edits it (every slide, shown or not, in its order). */
export const sliderItem = z.object({
  key: z.string(),
  name: z.string(),
  type: z.enum(sliderTypes),
  active: z.boolean(),
  link: z.string().nullable(),
  reportUrl: z.string().nullable(),
  heading: z.string(),
  subHeading: z.string(),
  isPrivate: z.boolean(),
  /** the storage key of the picture or film ('sliders/…'), served at /api/media/{mediaKey} */
  mediaKey: z.string().nullable(),
  format: z.string().nullable(),
  duration: z.number().nullable(),
  sortOrder: z.number(),
});
export type SliderItem = z.infer<typeof sliderItem>;

export const sliderSettingsReply = z.object({ sliders: z.array(sliderItem) });
export type SliderSettingsReply = z.infer<typeof sliderSettingsReply>;

const optionalText = (max: number, message: string) =>
  textField()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

/** POST /saveSlider: one slide's settings (no key: a new slide, placed last). */
export const saveSliderBody = z.object({
  key: textField().regex(sliderKeyPattern, m.unknownSlide).optional(),
  name: textField().trim().max(sliderLimits.nameMax).default(''),
  type: z.enum(sliderTypes),
  active: z.boolean(),
  link: optionalText(sliderLimits.linkMax, m.urlInvalid).refine(
    (link) => link === null || isValidSliderLink(link),
    m.urlInvalid,
  ),
  reportUrl: optionalText(sliderLimits.reportUrlMax, m.reportUrlInvalid).refine(
    (url) => url === null || isValidReportUrl(url),
    m.reportUrlInvalid,
  ),
  heading: textField().trim().max(sliderLimits.headingMax, m.headingTooLong).default(''),
  subHeading: textField().trim().max(sliderLimits.subHeadingMax, m.subHeadingTooLong).default(''),
  isPrivate: z.boolean().default(false),
  mediaKey: textField()
    .regex(sliderMediaKeyPattern, m.mediaUnknown)
    .nullish()
    .transform((v) => v ?? null),
});
export type SaveSliderBody = z.input<typeof saveSliderBody>;

export const saveSliderReply = z.object({
  slider: sliderItem,
  /** true when the slide lacked its media or text and was saved inactive with no type (spec 2 section 4) */
  emptied: z.boolean(),
});
export type SaveSliderReply = z.infer<typeof saveSliderReply>;

/** POST /sortSliders (ours; the spec's order save): every slide's key, in the new order. */
export const sortSlidersBody = z.object({
  keys: z
    .array(textField().regex(sliderKeyPattern, m.orderMismatch))
    .min(1, m.orderMismatch)
    .max(100, m.orderMismatch)
    .refine((keys) => new Set(keys).size === keys.length, m.orderMismatch),
});
export type SortSlidersBody = z.infer<typeof sortSlidersBody>;

/** POST /upload?type=banner: the stored picture or film, to be saved with a slide. */
export const bannerUploadReply = z.object({
  success: z.literal(true),
  message: z.string(),
  mediaKey: z.string(),
  url: z.string(),
  type: z.enum(['image', 'video']),
  format: z.string(),
});
export type BannerUploadReply = z.infer<typeof bannerUploadReply>;

/** The pages with a header picture (ours: the spec's keys are not shown). */
export const headerImageKeys = ['about', 'people', 'contact', 'careers'] as const;
export type HeaderImageKey = (typeof headerImageKeys)[number];
export const headerImageLabels: Record<HeaderImageKey, string> = {
  about: 'About Us',
  people: 'Our People',
  contact: 'Contact Us',
  careers: 'Careers',
};

export const headerImageQuery = z.object({
  key: z.enum(headerImageKeys, { error: m.headerUnknownKey }),
});

/** GET /getHeaderImage?key= and /setHeaderImageDefault?key=: the page's picture, or none (the default). */
export const headerImageReply = z.object({
  key: z.enum(headerImageKeys),
  url: z.string().nullable(),
  isDefault: z.boolean(),
});
export type HeaderImageReply = z.infer<typeof headerImageReply>;

/** Every header at once, for the admin screen. */
export const headerImagesReply = z.object({ headers: z.array(headerImageReply) });
export type HeaderImagesReply = z.infer<typeof headerImagesReply>;
