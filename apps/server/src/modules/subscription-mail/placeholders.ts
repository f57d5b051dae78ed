import { type MailPlaceholder, mailPlaceholders } from '@portal/contract';
import escapeHtml from 'escape-html';

/** A placeholder's value: text, or a list (products) written as a comma list. */
export type PlaceholderValues = Partial<Record<MailPlaceholder, string | readonly string[]>>;

const known = new Set<string>(Object.keys(mailPlaceholders));

/**
 * Fills a template parameter's @@ placeholders with HTML-escaped values. A known placeholder without a value and
 * an unknown one are left out (never shown to a reader as '@@Name@@'); the template's own HTML is the firm's.
 */
export const fillTemplate = (
  template: string,
  values: PlaceholderValues,
  /** plain text (a subject) takes the values as they are */
  encode: (value: string) => string = escapeHtml,
) =>
  template.replace(/@@([A-Za-z]+)@@/g, (placeholder) => {
    if (!known.has(placeholder)) return '';
    const value = values[placeholder as MailPlaceholder];
    if (value === undefined) return '';
    return encode(typeof value === 'string' ? value : value.join(', '));
  });

/** The same for plain text (a subject line). */
export const fillText = (template: string, values: PlaceholderValues) =>
  fillTemplate(template, values, (value) => value);
