import { messagesResearch, publicMediaFolders, type ReportFileType } from '@portal/contract';
import { getRuntimeConfig } from './runtime-config.ts';

/** Card text limits of spec 1 section 9. */
export const cardLimits = {
  cut: 1000,
  readMore: 200,
  grid: 200,
  people: 375,
  avatar: 60,
  skeletons: 20,
} as const;

// One rule for every link shape, shared with the server's mails and seeds.
export { analystPath, companyPath, reportPath, sectorPath, slugify } from '@portal/contract';
export const regionPath = (name: string) => `/regions/${encodeURIComponent(name)}`;

/** What a card calls a report's file: PDF, Model (a spreadsheet), Audio, Video, Note (htm), Web page. */
export const fileTypeLabel = (filetype: ReportFileType) => messagesResearch.fileTypes[filetype];

/** '6 min read'; nothing without an estimate (a file with no text). A short note still reads as 1 minute. */
export const readingTimeLabel = (minutes: number | null | undefined) =>
  minutes === null || minutes === undefined || !Number.isFinite(minutes)
    ? null
    : `${Math.max(1, Math.round(minutes))} ${messagesResearch.minRead}`;

/** '/analysts/42_jane-doe' -> 42; anything without a leading positive integer -> 0. */
export const idFromParam = (param: string | undefined) => {
  const match = /^(\d+)/.exec(param ?? '');
  const id = match ? Number(match[1]) : 0;
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
};

// The catalogue's dates are written by the dates module (dayjs); its cards and lists take them from here.
export { formatPublishedDate, parseUtc } from './dates.ts';

/** Cuts at `max` characters on a word boundary when one is near, with an ellipsis. */
export const truncate = (text: string, max: number) => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
};

export const initialsOf = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

/**
 * A stored image path as a URL the browser can load: absolute http(s) URLs and root paths pass; a storage key in
 * a public media folder (e.g. 'analysts/1.png') is served by GET {apiBase}/media/{key}; anything else has no
 * public address, so the caller shows its fallback instead.
 */
export const imageUrl = (path: string | null | undefined) => {
  if (!path) return undefined;
  if (/^https?:\/\//i.test(path) || (path.startsWith('/') && !path.startsWith('//'))) return path;
  const folder = path.split('/')[0] ?? '';
  return (publicMediaFolders as readonly string[]).includes(folder) && /^[\w-]+\/[\w.-]+$/.test(path)
    ? `${getRuntimeConfig().apiBase}/media/${path}`
    : undefined;
};
