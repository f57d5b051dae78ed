import { isOwnMediaPath } from '@portal/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * The one policy of stored HTML: posts and blog texts (footer, author block) and the site's content (Our Firm /
 * About Us): what the editor (Tiptap's starter kit, link and image) can produce, nothing more. Every write goes
 * through it, so stored HTML is safe to render as is; the server's painted About page passes it again on its way
 * out.
 */

/**
 * Pictures come from our own media only (`/api/media/{folder}/{file}`, what the editor's upload answers; issue 21):
 * another site's picture in a post, a footer or an author block would tell that site every reader's address.
 */
const imageSourceAllowed = (src: string | undefined) => isOwnMediaPath(src);

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
    'br',
    'img',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  // No javascript:, data: or vbscript: anywhere; relative links (/research/...) stay.
  allowedSchemes: ['https', 'http', 'mailto'],
  // no scheme at all for pictures: only our own paths (below)
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // <script>, <style> and friends go with their content.
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link never gets a handle on our window (target=_blank), whatever rel the editor sent.
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { rel: 'noopener noreferrer' };
      if (attribs.href) out.href = attribs.href;
      if (attribs.target === '_blank') out.target = '_blank';
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      for (const name of ['src', 'alt'] as const) if (attribs[name] !== undefined) out[name] = attribs[name];
      // Sizes are plain pixel numbers (the editor's default width is 400).
      for (const name of ['width', 'height'] as const)
        if (/^\d{1,5}$/.test(attribs[name] ?? '')) out[name] = attribs[name]!;
      return { tagName, attribs: out };
    },
  },
  // An image whose source is not our media is dropped whole (no broken or tracking pictures).
  exclusiveFilter: (frame) => frame.tag === 'img' && !imageSourceAllowed(frame.attribs.src),
};

export const sanitizeStoredHtml = (html: string) => sanitizeHtml(html, options);

export const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * Plain text of SANITISED html (the read time, the card's excerpt and the search): sanitize-html writes well
 * formed tags and escapes <, >, & and " in text and attributes, so stripping tags is exact here (not on raw input).
 */
export const plainTextOf = (sanitised: string) =>
  decodeEntities(
    sanitised
      .replace(/<\/(p|h2|h3|h4|li|blockquote|pre)>|<br\s*\/?>|<hr\s*\/?>/gi, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
