/** Reads what the harness's SMTP server received: one raw .eml file per message in the mail directory. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';
import { harnessEnv } from './environment.ts';

export interface ReceivedMail {
  file: string;
  /** envelope recipients and To/Cc addresses, lower-cased */
  recipients: string[];
  subject: string;
  text: string;
  html: string;
  /** raw header values by lower-cased name, unfolded (e.g. 'list-unsubscribe') */
  headers: Record<string, string>;
}

const parsed = new Map<string, ReceivedMail>();
// A message handed to one waitForMail call is not handed out again by this worker.
const taken = new Set<string>();

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((a) => a.value)
    .map((a) => a.address?.toLowerCase() ?? '');

const parse = async (file: string): Promise<ReceivedMail> => {
  const cached = parsed.get(file);
  if (cached) return cached;
  const mail = await simpleParser(await readFile(file));
  const envelope = String(mail.headers.get('x-envelope-to') ?? '')
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
  const result: ReceivedMail = {
    file,
    recipients: [...new Set([...envelope, ...addresses(mail.to), ...addresses(mail.cc)])],
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    headers: Object.fromEntries(
      mail.headerLines.map((h) => [
        h.key,
        h.line
          .slice(h.line.indexOf(':') + 1)
          .replace(/\r?\n\s+/g, ' ')
          .trim(),
      ]),
    ),
  };
  parsed.set(file, result);
  return result;
};

const listMail = async () => {
  const { mailDir } = harnessEnv();
  const names = (await readdir(mailDir)).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(names.map((n) => parse(path.join(mailDir, n))));
};

const matches = (subject: string, matcher: string | RegExp) =>
  typeof matcher === 'string' ? subject === matcher : matcher.test(subject);

/** Waits for the oldest message to `to` whose subject equals (or matches) `subject` and not yet taken. */
export async function waitForMail(to: string, subject: string | RegExp, timeoutMs = 20_000) {
  const wanted = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = await listMail();
    const found = all.find(
      (m) => !taken.has(m.file) && m.recipients.includes(wanted) && matches(m.subject, subject),
    );
    if (found) {
      taken.add(found.file);
      return found;
    }
    if (Date.now() > deadline) {
      const seen = all.map((m) => `  ${m.recipients.join(', ')}: "${m.subject}"`).join('\n') || '  (none)';
      throw new Error(
        `No mail to ${to} with subject ${String(subject)} within ${timeoutMs} ms. Received:\n${seen}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in the message (text or HTML part) whose path starts with `pathPrefix`, e.g. '/verify?token='. */
export function linkIn(mail: ReceivedMail, pathPrefix: string) {
  const candidates = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
  for (const raw of candidates) {
    const href = raw.replace(/&amp;/g, '&');
    const url = new URL(href);
    if (`${url.pathname}${url.search}`.startsWith(pathPrefix)) return url;
  }
  throw new Error(`No link to ${pathPrefix} in the mail "${mail.subject}" (${mail.file}):\n${mail.text}`);
}
