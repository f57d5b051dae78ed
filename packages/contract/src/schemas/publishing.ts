import { z } from 'zod';
import { reportUploadLimits } from '../limits.ts';
import { messagesPublishing as m } from '../messages-publishing.ts';
import { parseUrl } from '../whatwg-url.ts';
import { multilineTextField, numberInput, textField } from './fields.ts';
import { reportStates } from './report-management.ts';

/**
 * Publishing reports (issue 23; ours): the publish form (multipart: the file and a `metadata` field holding this
 * JSON), metadata edits (JSON), replacing the file, withdrawing, and what the edit screen loads. One schema for
 * the server's validation and the web form's.
 */
export const publishingConstants = {
  titleMax: 300,
  descriptionMax: 5000,
  analystsMax: 10,
  sectorsMax: 10,
  companiesMax: 50,
  countriesMax: 50,
  hashtagsMax: 20,
  hashtagMax: 50,
  /** the multipart field that carries the JSON metadata */
  metadataField: 'metadata',
  /** the multipart field of the file */
  fileField: 'file',
  metadataMaxBytes: 64 * 1024,
} as const;

/** The file types an admin can upload (the viewer shows more, from the seed: xls, mpg, ogg…). */
export const uploadFileTypes = ['pdf', 'htm', 'xlsx', 'mp3', 'mp4'] as const;
export type UploadFileType = (typeof uploadFileTypes)[number];

/** The upload type of a file name (by its extension; `.html` is htm), or null. The server checks the bytes too. */
export const uploadTypeOfName = (name: string): UploadFileType | null => {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (extension === 'html') return 'htm';
  return (uploadFileTypes as readonly string[]).includes(extension) ? (extension as UploadFileType) : null;
};

/** The size limit of a type, in whole megabytes (for messages). */
export const uploadLimitMegabytes = (type: UploadFileType) =>
  Math.floor(reportUploadLimits.maxBytes[type] / (1024 * 1024));

/** The largest upload of any type (the multipart reader's bound). */
export const uploadMaxBytes = Math.max(...Object.values(reportUploadLimits.maxBytes));

/**
 * The id of a YouTube video in a link (watch, youtu.be, shorts, embed, youtube-nocookie), or null. Only YouTube's
 * own hosts over https; the id is YouTube's 11 characters.
 */
export const youtubeVideoId = (value: string): string | null => {
  const url = parseUrl(value.trim());
  if (!url) return null;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || (url.port && url.port !== '443')) return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtu.be') id = parts.length === 1 ? parts[0] : null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parts.length === 1 && parts[0] === 'watch') id = /[?&]v=([^&]*)/.exec(url.search)?.[1];
    else if (parts.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1];
  }
  return id && /^[\w-]{11}$/.test(id) ? id : null;
};

/** The privacy-enhanced embed address the viewer plays (the seed's youtube reports use the same form). */
export const youtubeEmbedAddress = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;

const maxId = 2_147_483_647;
const id = numberInput(z.number().int().min(1).max(maxId));

const idList = (max: number, required?: string) => {
  const list = z.array(id).max(max, m.errors.tooMany);
  return required ? list.min(1, required) : list;
};

const hashtag = textField()
  .trim()
  .transform((tag) => tag.replace(/^#+/, ''))
  .pipe(
    z
      .string()
      .min(1, m.errors.hashtagInvalid)
      .max(publishingConstants.hashtagMax, m.errors.hashtagInvalid)
      .regex(/^[\p{L}\p{N}_-]+$/u, m.errors.hashtagInvalid),
  );

/** The report's details: the same fields on publishing and editing. */
export const reportMetadata = z.object({
  title: textField({ error: m.errors.titleRequired })
    .trim()
    .min(1, m.errors.titleRequired)
    .max(publishingConstants.titleMax, m.errors.titleTooLong),
  description: multilineTextField()
    .trim()
    .max(publishingConstants.descriptionMax, m.errors.descriptionTooLong)
    .default(''),
  /** the first one is the lead author */
  analystIds: idList(publishingConstants.analystsMax, m.errors.analystsRequired),
  /** the first one is the primary sector */
  sectorIds: idList(publishingConstants.sectorsMax, m.errors.sectorsRequired),
  companyIds: idList(publishingConstants.companiesMax).default([]),
  countryIds: idList(publishingConstants.countriesMax).default([]),
  hashtags: z.array(hashtag).max(publishingConstants.hashtagsMax, m.errors.tooMany).default([]),
  freeAccess: z.boolean().default(false),
  /** null: now; a future time: scheduled (UTC ISO 8601) */
  publishAt: textField()
    .pipe(z.iso.datetime({ offset: true, error: m.errors.publishAtInvalid }))
    .nullable()
    .default(null),
});
export type ReportMetadata = z.output<typeof reportMetadata>;
export type ReportMetadataInput = z.input<typeof reportMetadata>;

/** The `metadata` field of POST /reports/publish: the details, and the YouTube link when there is no file. */
export const publishMetadata = reportMetadata
  .extend({
    youtubeUrl: textField().trim().max(500).optional(),
  })
  .strict();
export type PublishMetadata = z.output<typeof publishMetadata>;

/** POST /reports/{id}/update (JSON). */
export const updateReportBody = reportMetadata.strict();
export type UpdateReportBody = z.input<typeof updateReportBody>;

/** ':id' of the publishing calls: the report's number. */
export const publishingParams = z.object({
  id: textField()
    .regex(/^\d{1,10}$/, m.errors.badId)
    .transform(Number)
    .pipe(z.number({ error: m.errors.badId }).int().min(1, m.errors.badId).max(maxId, m.errors.badId)),
});

/** Everything the edit screen shows and edits. */
export const managedReport = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  analystIds: z.array(z.number()),
  sectorIds: z.array(z.number()),
  companyIds: z.array(z.number()),
  countryIds: z.array(z.number()),
  hashtags: z.array(z.string()),
  freeAccess: z.boolean(),
  state: z.enum(reportStates),
  /** UTC ISO 8601: when it was (or is to be) published */
  publishedAt: z.string(),
  withdrawnAt: z.string().nullable(),
  fileType: z.string(),
  fileVersion: z.number(),
  /** a YouTube report's embed address */
  youtubeUrl: z.string().nullable(),
  /** the reader's page of the report (`/reports/<id>_<slug>`) */
  viewerPath: z.string(),
});
export type ManagedReport = z.infer<typeof managedReport>;

export const managedReportReply = z.object({ success: z.literal(true), report: managedReport });
export type ManagedReportReply = z.infer<typeof managedReportReply>;

/** GET /admin/publishing/options: what the publish form's pickers offer. */
export const publishingOptionsReply = z.object({
  analysts: z.array(z.object({ id: z.number(), name: z.string(), sectorIds: z.array(z.number()) })),
  sectors: z.array(z.object({ id: z.number(), name: z.string() })),
  companies: z.array(z.object({ id: z.number(), name: z.string(), code: z.string() })),
  countries: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type PublishingOptions = z.infer<typeof publishingOptionsReply>;
