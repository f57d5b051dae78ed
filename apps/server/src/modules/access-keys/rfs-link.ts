import { reportPath, rfsParams, rfsPath } from '@portal/contract';

/** The report's own page, `/reports/<id>_<slug>`: the rfsUrl value of an e-mailed link. */
export const reportPagePath = reportPath;

/**
 * The rfs link of an access key as a same-origin path; mails prefix PUBLIC_URL. Always rebuilt from the key
 * record, never copied from what a client sent, so it cannot be turned into a redirect elsewhere.
 */
export const rfsLinkPath = (parts: { reportId: number; title: string; keyId: number; rawKey: string }) => {
  const query = new URLSearchParams({
    [rfsParams.rfsUrl]: reportPagePath(parts.reportId, parts.title),
    [rfsParams.recipientId]: String(parts.keyId),
    [rfsParams.docId]: String(parts.reportId),
    [rfsParams.accessKey]: parts.rawKey,
  });
  return `${rfsPath}?${query.toString()}`;
};

/** The access key (`a`) of an rfs link, absolute or relative; null when there is none. */
export const accessKeyOfLink = (link: string): string | null => {
  try {
    const url = new URL(link, 'http://link.invalid');
    const key = url.searchParams.get(rfsParams.accessKey);
    return key && key.length <= 200 ? key : null;
  } catch {
    return null;
  }
};

/** Appends a flag (confirmDevice, linkExpired) to an rfs link path. */
export const withFlag = (linkPath: string, flag: string) =>
  `${linkPath}${linkPath.includes('?') ? '&' : '?'}${flag}=1`;
