import type {
  AccessSampleReports,
  ContentReply,
  CustomPageParamReply,
  PageParameter,
} from '@portal/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/** GET /content: the About Us rich text. */
export const fetchContent = async (signal?: AbortSignal) =>
  (await apiRequest<ContentReply>('GET', '/content', { signal })).data;

const pageParamPath = (names: readonly string[]) =>
  `/getCustomPageParam/${names.map((name) => encodeURIComponent(name)).join(',')}`;

/**
 * GET /getCustomPageParam/{name}: a public page parameter, or null when the server does not reveal the name
 * (not on its allow-list, or not stored: both answer 404, so a private name looks like a missing one).
 */
export const fetchPageParameter = async (name: string, signal?: AbortSignal): Promise<string | null> => {
  try {
    const reply = await apiRequest<CustomPageParamReply>('GET', pageParamPath([name]), {
      pattern: '/getCustomPageParam/:name',
      signal,
    });
    return 'value' in reply ? reply.value : null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
};

/** The comma-list form: the public parameters among `names` that exist, by name. */
export const fetchPageParameters = async (names: readonly string[], signal?: AbortSignal) => {
  const reply = await apiRequest<CustomPageParamReply>('GET', pageParamPath(names), {
    pattern: '/getCustomPageParam/:name',
    signal,
  });
  const list: PageParameter[] = 'data' in reply ? reply.data : [reply];
  return new Map(list.map((p) => [p.name, p.value]));
};

/** How many sample reports /access links (spec 3 section 2). */
const accessSampleCount = 4;

const isSampleReport = (item: unknown): item is AccessSampleReports[number] => {
  const record = item as Record<string, unknown> | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    Number.isInteger(record.id) &&
    (record.id as number) > 0 &&
    typeof record.title === 'string' &&
    record.title.trim() !== ''
  );
};

/**
 * sAccessSampleReports is JSON (the contract's accessSampleReports shape, checked by hand here so that zod
 * stays out of the page's chunk); entries that do not fit are left out rather than breaking the page.
 */
export const parseSampleReports = (value: string | null | undefined): AccessSampleReports => {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    // Four linked sample reports (spec 3), each once.
    const seen = new Set<number>();
    return parsed
      .filter(isSampleReport)
      .filter((report) => !seen.has(report.id) && seen.add(report.id))
      .slice(0, accessSampleCount);
  } catch {
    return [];
  }
};
