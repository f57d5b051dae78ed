import { hasControlCharacters } from '@portal/contract';

/** The parameter the spec names for research e-mails' header (spec 3 section 9): "Research Update" in the demo. */
export const publicationTypeParameter = 'sWebEmlHdPubType';
export const publicationTypeHeader = 'X-Publication-Type';
const publicationTypeMax = 100;

/**
 * sWebEmlHdPubType, our reading (the spec names it and nothing more): the publication type a research e-mail
 * carries in its header (`X-Publication-Type: Research Update`), for the clients' mail rules to sort research
 * by. A value that is empty, too long or holds a control character (a line break would inject a header) is not
 * sent.
 */
export const publicationTypeHeaders = (value: string | null): Record<string, string> => {
  const text = value?.trim() ?? '';
  if (text === '' || text.length > publicationTypeMax || hasControlCharacters(text)) return {};
  return { [publicationTypeHeader]: text };
};
