import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { messagesSite } from '../messages-site.ts';
import { multilineTextField, numberInput, textField } from './fields.ts';

/**
 * The site (issue 5; spec 1 sections 2.3-2.4, spec 2 sliders and content, spec 3 sections 2, 5 and 7):
 * navigation, landing data, content pages, page parameters and the contact forms with their ALTCHA captcha.
 */

const s = messagesSite;
const v = messages.validation;

// ---------------------------------------------------------------------------------------------------------
// Navigation (GET /getNavItems, GET /blogs)

export const navItemTypes = ['link', 'dropdown', 'favourites', 'modal'] as const;
export type NavItemType = (typeof navItemTypes)[number];

export interface NavItem {
  id: number;
  type: NavItemType;
  label: string;
  /** In-app path of a link (may carry a query); null for dropdowns without a page and for the modal item. */
  path: string | null;
  /** Dropdown entries (nested to several levels); the favourites item lists /blogs/{key} links. */
  children: NavItem[];
  /**
   * A research tag filter: choosing the item stores [tag] in session storage under storageKeys.tagsInput
   * ('TagsInput', read by the research lists); choosing an item without one clears it.
   */
  tag: string | null;
}

export const navItem: z.ZodType<NavItem> = z.object({
  id: z.number(),
  type: z.enum(navItemTypes),
  label: z.string(),
  path: z.string().nullable(),
  children: z.array(z.lazy(() => navItem)),
  tag: z.string().nullable(),
});

/** The favourites item is present only while at least one favourite (blog) exists. */
export const navItemsReply = z.object({ data: z.array(navItem) });
export type NavItemsReply = z.infer<typeof navItemsReply>;

/** A favourite (blog) as the favourites dropdown lists it; its page is /blogs/{key}. */
export const favourite = z.object({
  key: z.string(),
  topic: z.string(),
  subtitle: z.string(),
  keyword: z.array(z.string()),
});
export type Favourite = z.infer<typeof favourite>;
export const blogsReply = z.object({ data: z.array(favourite) });
export type BlogsReply = z.infer<typeof blogsReply>;

export const favouritePath = (key: string) => `/blogs/${encodeURIComponent(key)}`;

// ---------------------------------------------------------------------------------------------------------
// Landing (GET /landing)

export const sliderTypes = ['image', 'video', 'url', 'none'] as const;
export type SliderType = (typeof sliderTypes)[number];

/** Spec 2: slider images are exactly 1280 x 580. */
export const sliderImageSize = { width: 1280, height: 580 } as const;

/** An active slider as the landing banner shows it (never a private one to an anonymous visitor). */
export const slider = z.object({
  key: z.string(),
  name: z.string(),
  type: z.enum(sliderTypes),
  /** May hold 'inPageLink;newWindowLink' (see splitSliderLink). */
  link: z.string().nullable(),
  /** An in-app report path (e.g. /reports/12) the slide points to. */
  reportUrl: z.string().nullable(),
  heading: z.string(),
  subHeading: z.string(),
  /**
   * Storage key of the image or video in the public media folder 'sliders' (e.g. 'sliders/1.webp'), served at
   * `${apiBase}/media/${mediaPath}`; null for url/none slides.
   */
  mediaPath: z.string().nullable(),
  /** MIME type of the media (image/webp, video/mp4, ...). */
  format: z.string().nullable(),
  /** Video length in seconds, when known. */
  duration: z.number().nullable(),
  isPrivate: z.boolean(),
});
export type Slider = z.infer<typeof slider>;

/** The ticker and Our Research carousel: the latest reports' existence only (no body, no file, no snippet). */
export const latestResearchItem = z.object({
  id: z.number(),
  title: z.string(),
  /** UTC, ISO 8601 */
  published_date: z.string(),
  analysts: z.array(z.object({ id: z.number(), name: z.string() })),
  sector: z.object({ id: z.number(), sName: z.string() }).nullable(),
});
export type LatestResearchItem = z.infer<typeof latestResearchItem>;

export const landingReply = z.object({
  /** Active sliders in their saved order. */
  sliders: z.array(slider),
  /** Latest published reports, newest first, at most landingConstants.latestCount. */
  latest: z.array(latestResearchItem),
});
export type LandingReply = z.infer<typeof landingReply>;

// ---------------------------------------------------------------------------------------------------------
// Content (GET /content): the one rich-text content object (Our Firm / About Us)

export const contentReply = z.object({
  data: z.object({
    /** sanitised HTML */
    html: z.string(),
    /** UTC, ISO 8601; null when never edited since seeding */
    updatedAt: z.string().nullable(),
  }),
});
export type ContentReply = z.infer<typeof contentReply>;

// ---------------------------------------------------------------------------------------------------------
// Team Management (spec 2): POST /overall/sortOurPeople, "sortValue map of id to index"

export const teamLimits = { peopleMax: 1000, positionMax: 100_000 } as const;

export const sortOurPeopleBody = z
  .object({
    sortValue: z
      .record(
        z.string().regex(/^[1-9]\d{0,9}$/, messagesSite.team.badOrder),
        z.number().int().min(0).max(teamLimits.positionMax),
        { error: messagesSite.team.badOrder },
      )
      .refine((map) => {
        const size = Object.keys(map).length;
        return size >= 1 && size <= teamLimits.peopleMax;
      }, messagesSite.team.badOrder),
  })
  .strict();
export type SortOurPeopleBody = z.infer<typeof sortOurPeopleBody>;
export const sortOurPeopleReply = z.object({ success: z.literal(true) });

/** POST /overall/updateOurPeople (spec 2 "profile data"; ours: whether the person is listed in Our People). */
export const updateOurPeopleBody = z
  .object({ id: z.number().int().min(1).max(2_147_483_647), isOurPeople: z.boolean() })
  .strict();
export type UpdateOurPeopleBody = z.infer<typeof updateOurPeopleBody>;
export const updateOurPeopleReply = z.object({ success: z.literal(true), isOurPeople: z.boolean() });

// ---------------------------------------------------------------------------------------------------------
// Biographies (spec 2): POST /editBiography {iDescription_AttachToID, sDescription, cDescription_Entity}

/** U: an analyst; L: a company (the spec's entity letters). */
export const biographyEntities = ['U', 'L'] as const;
export const biographyLimits = { htmlMax: 50_000 } as const;

export const editBiographyBody = z
  .object({
    iDescription_AttachToID: z.number().int().min(1).max(2_147_483_647),
    /** rich text; sanitised on the server, and a text with no words is stored as none (null) */
    sDescription: multilineTextField().max(biographyLimits.htmlMax, messagesSite.biography.tooLong),
    cDescription_Entity: z.enum(biographyEntities),
  })
  .strict();
export type EditBiographyBody = z.infer<typeof editBiographyBody>;
export const editBiographyReply = z.object({ success: z.literal(true), description: z.string().nullable() });
export type EditBiographyReply = z.infer<typeof editBiographyReply>;

// ---------------------------------------------------------------------------------------------------------
// Team Management (spec 2): the profile modal, POST /analysts/updateAnalyst?id={id}
// multipart: name, designation, email, phone, country, description and an optional `file` (the photo, judged by
// the analyst photo rules of uploads.ts)

const profileText = messagesSite.team.profile;

/** ours: bounds of the profile's fields (the description shares the biography's) */
export const analystProfileLimits = {
  nameMax: 100,
  designationMax: 150,
  phoneMax: 40,
  countryMax: 100,
  descriptionMax: biographyLimits.htmlMax,
} as const;

/**
 * Spec 2 section 5: names keep letters (any script) and spaces; phones digits, spaces and - + ( ). Ours: a name
 * also keeps the hyphen and the apostrophe that join its parts (the team's own 'Okafor-Tan', 'Wei-Lun'; O'Neill),
 * or the modal could not save those members without renaming them.
 */
const PROFILE_NAME = /^[\p{L} '’-]*\p{L}[\p{L} '’-]*$/u;
const PROFILE_PHONE = /^[\d\-+() ]*$/;

/** The profile name's input filter: letters, spaces, hyphens and apostrophes (see PROFILE_NAME). */
export const keepProfileNameCharacters = (value: string) => value.replace(/[^\p{L} '’-]/gu, '');

export const updateAnalystQuery = z.object({
  id: numberInput(
    z
      .number({ error: profileText.fieldMissing })
      .int(profileText.fieldMissing)
      .positive(profileText.fieldMissing)
      .max(2_147_483_647, profileText.fieldMissing),
  ),
});
export type UpdateAnalystQuery = z.infer<typeof updateAnalystQuery>;

/**
 * The profile form's text fields (each a multipart field). Every one is sent, empty or not; the name is required.
 * The description is rich text: sanitised on the server, and a text with neither words nor a picture is stored as
 * none (spec 2 section 5: 'An empty rich-text description equal to an empty paragraph is sent as null').
 */
export const analystProfileFields = z.strictObject(
  {
    name: textField({ error: profileText.fieldMissing })
      .trim()
      .min(1, profileText.nameRequired)
      .max(analystProfileLimits.nameMax, profileText.nameTooLong)
      .regex(PROFILE_NAME, profileText.nameLetters),
    designation: textField({ error: profileText.fieldMissing })
      .trim()
      .max(analystProfileLimits.designationMax, profileText.designationTooLong),
    email: textField({ error: profileText.fieldMissing })
      .trim()
      .max(limits.emailMax, profileText.emailTooLong)
      .refine((email) => email === '' || EMAIL_PATTERN.test(email), profileText.emailInvalid),
    phone: textField({ error: profileText.fieldMissing })
      .trim()
      .max(analystProfileLimits.phoneMax, profileText.phoneTooLong)
      .regex(PROFILE_PHONE, profileText.phoneCharacters),
    country: textField({ error: profileText.fieldMissing })
      .trim()
      .max(analystProfileLimits.countryMax, profileText.countryTooLong),
    description: multilineTextField({ error: profileText.fieldMissing }).max(
      analystProfileLimits.descriptionMax,
      profileText.descriptionTooLong,
    ),
  },
  { error: profileText.fieldUnknown },
);
export type AnalystProfileFields = z.infer<typeof analystProfileFields>;
export type AnalystProfileInput = z.input<typeof analystProfileFields>;

/** The multipart field names of the profile form (the photo's is `file`). */
export const analystProfileFieldNames = [
  'name',
  'designation',
  'email',
  'phone',
  'country',
  'description',
] as const satisfies readonly (keyof AnalystProfileFields)[];

/** The saved profile, as GET /analysts answers these fields on the next request. */
export const updateAnalystReply = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.number(),
    name: z.string(),
    designation: z.string(),
    email: z.string(),
    phone: z.string(),
    country: z.string(),
    /** sanitised HTML, or null for none */
    description: z.string().nullable(),
    image_path: z.string().nullable(),
  }),
});
export type UpdateAnalystReply = z.infer<typeof updateAnalystReply>;

/** ours: the longest stored About Us text (far above a page of prose with its markup) */
export const siteContentLimits = { htmlMax: 100_000 } as const;

/**
 * POST /content/update (admin; spec 2 "Our Firm Management"): the whole content object. The HTML is sanitised
 * on the server with the stored-HTML policy; a text with no words is refused (the editor's Save is disabled then).
 */
export const contentUpdateBody = z
  .object({
    html: multilineTextField({ error: messagesSite.ourFirm.empty }).max(
      siteContentLimits.htmlMax,
      messagesSite.ourFirm.tooLong,
    ),
  })
  .strict();
export type ContentUpdateBody = z.infer<typeof contentUpdateBody>;
export const contentUpdateReply = contentReply.extend({ success: z.literal(true) });

// ---------------------------------------------------------------------------------------------------------
// Page parameters (GET /getCustomPageParam/{name}, one name or a comma list)

/**
 * Parameters that GET /getCustomPageParam/{name} (and so /page/{id}) may reveal. Anything else is private:
 * a single unknown or private name answers 404; inside a comma list it is omitted.
 */
export const publicPageParameters = [
  /** Contact Us page (HTML) */
  'sRshWebContactHTML',
  /** Careers page (HTML) */
  'sRshWebCareersHTML',
  /** Offices of the firm (HTML): shown on Contact Us and usable as /page/sRshWebOfficesHTML */
  'sRshWebOfficesHTML',
  /** Landing: the hidden vision, mission and values block (HTML) */
  'sRshWebVisionHTML',
  /** A sample generic page for /page/{id} with sections that ?pageid= scrolls to (HTML) */
  'sRshWebOurServicesHTML',
  /** /access: JSON array of 4 {id, title} sample reports (see accessSampleReports) */
  'sAccessSampleReports',
] as const;
export type PublicPageParameter = (typeof publicPageParameters)[number];
export const isPublicPageParameter = (name: string): name is PublicPageParameter =>
  (publicPageParameters as readonly string[]).includes(name);

export const pageParameterMaxNames = 20;
const parameterName = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

/**
 * Path parameter: one name, or a comma list of up to pageParameterMaxNames names. `list` tells the two forms
 * apart (a list answers `{ data }` even when it names one parameter, e.g. 'a,').
 */
export const customPageParamParams = z.object({
  name: textField()
    .max(2000)
    .transform((value, ctx) => {
      const names = value
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      if (
        names.length === 0 ||
        names.length > pageParameterMaxNames ||
        !names.every((n) => parameterName.test(n))
      ) {
        ctx.addIssue({ code: 'custom', message: 'Not a parameter name' });
        return z.NEVER;
      }
      return { names, list: value.includes(',') };
    }),
});

export const pageParameter = z.object({ name: z.string(), value: z.string() });
export type PageParameter = z.infer<typeof pageParameter>;
/** One name: that parameter (or 404). A comma list: the public ones that exist, in the asked order. */
export const customPageParamReply = z.union([pageParameter, z.object({ data: z.array(pageParameter) })]);
export type CustomPageParamReply = z.infer<typeof customPageParamReply>;

/** Value of sAccessSampleReports. */
export const accessSampleReports = z.array(z.object({ id: z.number(), title: z.string() }));
export type AccessSampleReports = z.infer<typeof accessSampleReports>;

// ---------------------------------------------------------------------------------------------------------
// Contact forms (/AOI/{type}) and the ALTCHA captcha

export const aoiTypes = ['Investor', 'Analyst'] as const;
export type AoiType = (typeof aoiTypes)[number];
/** Spec 3 section 2: the second path segment being Investor chooses Investor; anything else Analyst. */
export const aoiTypeFromSegment = (segment: string | undefined): AoiType =>
  segment?.toLowerCase() === 'investor' ? 'Investor' : 'Analyst';

export const aoiLimits = { nameMax: 100, messageMax: 5000, captchaMax: 20_000 } as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * POST /aoi. `captcha` is either the ALTCHA widget's payload (base64) or the `t` answered by
 * POST /aoi/verifyToken; each is accepted once.
 */
export const aoiForm = z.object({
  name: textField({ error: s.nameRequired })
    .trim()
    .min(1, s.nameRequired)
    .max(aoiLimits.nameMax, s.nameTooLong),
  email: textField({ error: s.emailRequired })
    .trim()
    .min(1, s.emailRequired)
    .max(limits.emailMax, v.emailTooLong)
    .regex(EMAIL_PATTERN, v.emailInvalid),
  message: multilineTextField({ error: s.messageRequired })
    .trim()
    .min(1, s.messageRequired)
    .max(aoiLimits.messageMax, s.messageTooLong),
  captcha: textField({ error: s.captchaRequired })
    .trim()
    .min(1, s.captchaRequired)
    .max(aoiLimits.captchaMax, s.captchaInvalid),
  type: z.enum(aoiTypes, { error: s.typeInvalid }),
});
export type AoiForm = z.input<typeof aoiForm>;

/** POST /aoi success; failures are the error shape, with errors.captcha for captcha failures. */
export const aoiReply = z.object({ success: z.literal(true), message: z.string() });
export type AoiReply = z.infer<typeof aoiReply>;

/** POST /aoi/verifyToken: token is the ALTCHA widget's payload. */
export const verifyTokenBody = z.object({
  token: textField({ error: s.captchaRequired })
    .trim()
    .min(1, s.captchaRequired)
    .max(aoiLimits.captchaMax, s.captchaInvalid),
});
/** 200: a single-use token for POST /aoi's captcha field, valid for captchaLifetimeSeconds. */
export const verifyTokenReply = z.object({ t: z.string() });
export type VerifyTokenReply = z.infer<typeof verifyTokenReply>;
/** 400 of POST /aoi and /aoi/verifyToken: `error` carries the captcha message (as does errors.captcha). */
export const captchaErrorReply = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});

export const captchaLifetimeSeconds = 10 * 60;

/**
 * GET /aoi/challenge: an ALTCHA v2 challenge, passed to the widget untouched (its `challenge` attribute or
 * challengeurl). Unknown fields are kept: the signature covers them.
 */
export const altchaChallenge = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallenge>;
