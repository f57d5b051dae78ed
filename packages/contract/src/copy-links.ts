import { z } from 'zod';
import { reportPath } from './links.ts';
import { parseUrl } from './whatwg-url.ts';

/**
 * The admin's copy-link menu of the report viewer (spec 2 section 3): `sWebCustomLinks` is a JSON map of name to
 * link, `rw_CopyLinkTo` the address the firm's readers use (an admin working on an internal host copies the
 * public one). Our reading, as the spec names these parameters and nothing more: the menu's first entry copies
 * the report's own address on `rw_CopyLinkTo`; each custom link follows by name, with `@@ReportId@@` and
 * `@@ReportUrl@@` in it replaced by the report's id and that address. Only http(s) addresses are offered; an
 * entry that is not one is left out and its problem reported to the caller (logged, never shown to a reader).
 */
export const copyLinkParameters = { customLinks: 'sWebCustomLinks', copyLinkTo: 'rw_CopyLinkTo' } as const;

export const copyLinkNameMax = 60;

export const copyLink = z.object({ name: z.string(), url: z.string() });
export type CopyLink = z.infer<typeof copyLink>;

const httpAddress = (text: string) => {
  const url = parseUrl(text.trim());
  return url && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? url : null;
};

export const copyLinkTexts = {
  menu: 'Copy link to',
  thisReport: 'This report (client address)',
  // spec 2 section 8: what copying a link says (the viewer's menu, CONNECT's meeting links)
  copied: 'Copied',
  failed: 'Internal Error',
} as const;

/** The menu's entries for one report; `report` names the report whose address fills the placeholders. */
export const buildCopyLinks = (
  values: { customLinks: string | null; copyLinkTo: string | null },
  report: { id: number; title: string },
  onProblem: (problem: string) => void = () => {},
): CopyLink[] => {
  const links: CopyLink[] = [];
  const base = values.copyLinkTo ? httpAddress(values.copyLinkTo) : null;
  if (values.copyLinkTo && !base) onProblem(`${copyLinkParameters.copyLinkTo} is not an http(s) address`);
  const reportUrl = base ? `${base.origin}${reportPath(report.id, report.title)}` : null;
  if (reportUrl) links.push({ name: copyLinkTexts.thisReport, url: reportUrl });
  if (!values.customLinks) return links;
  let map: unknown;
  try {
    map = JSON.parse(values.customLinks);
  } catch {
    onProblem(`${copyLinkParameters.customLinks} is not JSON`);
    return links;
  }
  if (typeof map !== 'object' || map === null || Array.isArray(map)) {
    onProblem(`${copyLinkParameters.customLinks} must be a JSON object of name to link`);
    return links;
  }
  for (const [rawName, rawLink] of Object.entries(map)) {
    const name = rawName.trim();
    if (name === '' || name.length > copyLinkNameMax || typeof rawLink !== 'string') {
      onProblem(
        `${copyLinkParameters.customLinks}: entry '${rawName.slice(0, copyLinkNameMax)}' is not a name and a link`,
      );
      continue;
    }
    if (rawLink.includes('@@ReportUrl@@') && !reportUrl) {
      onProblem(
        `${copyLinkParameters.customLinks}: '${name}' needs ${copyLinkParameters.copyLinkTo} for @@ReportUrl@@`,
      );
      continue;
    }
    const filled = rawLink
      .replaceAll('@@ReportId@@', String(report.id))
      .replaceAll('@@ReportUrl@@', encodeURIComponent(reportUrl ?? ''));
    const url = httpAddress(filled);
    if (!url) {
      onProblem(`${copyLinkParameters.customLinks}: '${name}' is not an http(s) address`);
      continue;
    }
    links.push({ name, url: url.href });
  }
  return links;
};
