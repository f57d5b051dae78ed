import {
  type ManagedReport,
  messagesPublishing as m,
  type PublishingOptions,
  type PublishMetadata,
  publishMetadata,
  reportUploadLimits,
  uploadFileTypes,
  uploadLimitMegabytes,
  uploadTypeOfName,
} from '@portal/contract';
import dayjs from 'dayjs';

/** What the publish and edit forms hold: ids as the pickers' strings, the publish time as the picker's text. */
export type FormValues = {
  source: 'file' | 'youtube';
  file: File | null;
  youtubeUrl: string;
  title: string;
  description: string;
  analystIds: string[];
  sectorIds: string[];
  companyIds: string[];
  countryIds: string[];
  hashtags: string[];
  freeAccess: boolean;
  when: 'now' | 'later';
  /** the date-time picker's local value ('YYYY-MM-DD HH:mm:ss'), null when not chosen */
  publishAt: string | null;
};

export const emptyForm = (): FormValues => ({
  source: 'file',
  file: null,
  youtubeUrl: '',
  title: '',
  description: '',
  analystIds: [],
  sectorIds: [],
  companyIds: [],
  countryIds: [],
  hashtags: [],
  freeAccess: false,
  when: 'now',
  publishAt: null,
});

const ids = (values: readonly number[]) => values.map(String);

/** The edit form of a stored report (its file stays; a scheduled report keeps its time). */
export const formOfReport = (report: ManagedReport): FormValues => ({
  ...emptyForm(),
  source: report.fileType === 'youtube' ? 'youtube' : 'file',
  youtubeUrl: report.youtubeUrl ?? '',
  title: report.title,
  description: report.description,
  analystIds: ids(report.analystIds),
  sectorIds: ids(report.sectorIds),
  companyIds: ids(report.companyIds),
  countryIds: ids(report.countryIds),
  hashtags: report.hashtags,
  freeAccess: report.freeAccess,
  when: report.state === 'scheduled' ? 'later' : 'now',
  publishAt: report.state === 'scheduled' ? dayjs(report.publishedAt).format('YYYY-MM-DD HH:mm:ss') : null,
});

/** The accept attribute of the file input. */
export const acceptedFiles = [
  'application/pdf',
  'text/html',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'audio/mpeg',
  'video/mp4',
  ...uploadFileTypes.map((type) => `.${type}`),
  '.html',
].join(',');

/** The browser's first look at a file (the server checks its bytes again): its type by name, and its size. */
export const fileRefusal = (file: File | null): string | null => {
  if (!file) return m.errors.fileRequired;
  const type = uploadTypeOfName(file.name);
  if (!type) return m.errors.fileType;
  if (file.size === 0) return m.errors.fileRequired;
  if (file.size > reportUploadLimits.maxBytes[type])
    return m.errors.fileTooLarge(type, uploadLimitMegabytes(type));
  return null;
};

export type ValidForm = { metadata: PublishMetadata; file: File | null };
type Result = { ok: true; data: ValidForm } | { ok: false; errors: Record<string, string> };

/**
 * The contract's schema over the form (the server runs the same one), the file's first look, the publish time
 * (in the future when scheduled) and the analysts' coverage of the sectors chosen.
 */
export const validateForm = (
  values: FormValues,
  options: { catalogue?: PublishingOptions; withSource: boolean; withTime: boolean; now?: Date },
): Result => {
  const errors: Record<string, string> = {};
  let publishAt: string | null = null;
  if (options.withTime && values.when === 'later') {
    const at = values.publishAt ? dayjs(values.publishAt) : null;
    if (!at?.isValid()) errors.publishAt = m.errors.publishAtInvalid;
    else if (at.valueOf() <= (options.now ?? new Date()).getTime()) errors.publishAt = m.errors.publishAtPast;
    else publishAt = at.toISOString();
  }
  const candidate = {
    title: values.title,
    description: values.description,
    analystIds: values.analystIds.map(Number),
    sectorIds: values.sectorIds.map(Number),
    companyIds: values.companyIds.map(Number),
    countryIds: values.countryIds.map(Number),
    hashtags: values.hashtags,
    freeAccess: values.freeAccess,
    publishAt,
    ...(options.withSource && values.source === 'youtube' ? { youtubeUrl: values.youtubeUrl } : {}),
  };
  const parsed = publishMetadata.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'title')] ??= issue.message;
  }
  if (options.withSource) {
    if (values.source === 'file') {
      const refusal = fileRefusal(values.file);
      if (refusal) errors.file = refusal;
    } else if (!values.youtubeUrl.trim()) errors.youtubeUrl = m.errors.youtubeInvalid;
  }
  if (options.catalogue && !errors.analystIds) {
    const sectors = new Set(candidate.sectorIds);
    const outside = options.catalogue.analysts.find(
      (analyst) =>
        candidate.analystIds.includes(analyst.id) && !analyst.sectorIds.some((id) => sectors.has(id)),
    );
    if (outside && sectors.size > 0) errors.analystIds = m.errors.analystOutsideSectors(outside.name);
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return {
    ok: true,
    data: {
      metadata: parsed.data,
      file: options.withSource && values.source === 'file' ? values.file : null,
    },
  };
};

/** A server's field messages under the form's field names (`analystIds.0` is the analysts field). */
export const formErrorsOf = (errors: Record<string, string>) => {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key.split('.')[0] ?? key;
    out[field] ??= message;
  }
  return out;
};
