import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { createElement, type ReactNode } from 'react';

// Stored HTML (page texts, the contact block, analyst and company descriptions, refusal texts from the server) is
// sanitised by the server; it is sanitised again here by DOMPurify with an allow-list, so a script, an event
// handler or a javascript: link in it has no effect. Tags outside the list are dropped but their text is kept
// (DOMPurify's KEEP_CONTENT); script-like tags go entirely (FORBID_CONTENTS). Two allow-lists: `page` for whole
// stored pages, `snippet` for short texts.
//
// DOMPurify's result is turned into React elements (toReact below, which decides nothing) rather than set as
// innerHTML: innerHTML needs an element of its own to hold it, and the callers place the content directly in
// their own element (the long-form style's `.prose > :first-child` spacing, a refusal inside a `role="alert"`).
const pageTags = [
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'mark',
  'sub',
  'sup',
  'span',
  'div',
  'section',
  'article',
  'aside',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'code',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'address',
];
const snippetTags = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'a',
  'h3',
  'h4',
  'h5',
  'blockquote',
  'span',
  'sub',
  'sup',
];
/** Removed with everything inside them; any other tag outside the lists leaves its text. */
const droppedTags = [
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'frame',
  'frameset',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'link',
  'meta',
  'head',
  'title',
];

/** The attributes a tag of a whole page may keep besides an id; a snippet keeps a link's href only. */
const pageAttributes: Record<string, readonly string[]> = {
  a: ['href'],
  img: ['src', 'alt'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
};

/** Links: the web, mail, phone, in-page anchors and same-site paths; never `//host` or `/\host`. */
const linkPattern = /^(?:https?:|mailto:|tel:|#|\/(?![/\\]))/i;
/** Only same-site images and https ones; no data: or protocol-relative URLs. */
const imagePattern = /^(?:https:|\/(?![/\\]))/i;
/** Ids an author may give an element so that `?pageid=` can scroll to it. */
const safeId = /^[A-Za-z][\w.:-]{0,63}$/;

export const safeHref = (href: string | null) => {
  if (!href) return undefined;
  const value = href.trim();
  return linkPattern.test(value) ? value : undefined;
};

const validCellSpan = (value: string) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 && n <= 50;
};

const shared = {
  ALLOWED_URI_REGEXP: linkPattern,
  ALLOW_ARIA_ATTR: false,
  ALLOW_DATA_ATTR: false,
  FORBID_CONTENTS: droppedTags,
  RETURN_DOM_FRAGMENT: true,
} satisfies Config;

const pageConfig = {
  ...shared,
  ALLOWED_TAGS: pageTags,
  ALLOWED_ATTR: ['id'],
  ADD_ATTR: (attribute: string, tag: string) => pageAttributes[tag]?.includes(attribute) ?? false,
  // not URLs: checked by valueRules instead of ALLOWED_URI_REGEXP
  ADD_URI_SAFE_ATTR: ['colspan', 'rowspan', 'scope'],
} satisfies Config;

const snippetConfig = {
  ...shared,
  ALLOWED_TAGS: snippetTags,
  ALLOWED_ATTR: [],
  ADD_ATTR: (attribute: string, tag: string) => tag === 'a' && attribute === 'href',
} satisfies Config;

const withHooks = (purifier: Purifier) => {
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const { attrName, attrValue } = data;
    if (attrName === 'id') data.keepAttr = safeId.test(attrValue);
    else if (attrName === 'colspan' || attrName === 'rowspan') data.keepAttr = validCellSpan(attrValue);
    else if (attrName === 'scope') data.keepAttr = attrValue === 'col' || attrValue === 'row';
    else if (attrName === 'src' && node.nodeName === 'IMG') data.keepAttr = imagePattern.test(attrValue);
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else if (node.nodeName === 'IMG') {
      // An image without a usable source is no image; one without alt text is decorative, not read out by its
      // file name.
      if (!node.hasAttribute('src')) node.remove();
      else {
        if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
        node.setAttribute('loading', 'lazy');
      }
    }
  });
  return purifier;
};

let purifiers: { page: Purifier; snippet: Purifier } | undefined;
const purifierOf = (profile: 'page' | 'snippet') => {
  purifiers ??= { page: withHooks(DOMPurify(window)), snippet: withHooks(DOMPurify(window)) };
  return purifiers[profile];
};

/** React's names for the attributes DOMPurify may leave whose DOM names differ. */
const propNames: Record<string, string> = { colspan: 'colSpan', rowspan: 'rowSpan' };

/** DOMPurify's sanitised nodes as React elements, one for one. */
const toReact = (node: Node, key: string): ReactNode => {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const props: Record<string, string> = { key };
  for (const { name, value } of Array.from(element.attributes)) props[propNames[name] ?? name] = value;
  return createElement(
    element.localName,
    props,
    ...Array.from(element.childNodes, (child, i) => toReact(child, `${key}.${i}`)),
  );
};

export interface RichHtmlOptions {
  /**
   * The highest heading level the content may use: 2 when the page already has its own h1 (a stored h1 becomes
   * an h2), 1 when the content is the whole page.
   */
  topHeading?: 1 | 2;
}

const render = (html: string, profile: 'page' | 'snippet', topHeading: 1 | 2): ReactNode => {
  const config = profile === 'page' ? pageConfig : snippetConfig;
  const fragment = purifierOf(profile).sanitize(html, config);
  // A link whose address was refused is its text (DOMPurify keeps the element and drops the attribute).
  for (const link of fragment.querySelectorAll('a:not([href])')) link.replaceWith(...link.childNodes);
  if (topHeading === 2) {
    for (const h1 of fragment.querySelectorAll('h1')) {
      const h2 = h1.ownerDocument.createElement('h2');
      for (const { name, value } of Array.from(h1.attributes)) h2.setAttribute(name, value);
      h2.append(...h1.childNodes);
      h1.replaceWith(h2);
    }
  }
  return Array.from(fragment.childNodes, (child, i) => toReact(child, String(i)));
};

/** A whole stored page as React elements of the page allow-list of tags and attributes (never raw HTML). */
export const renderRichHtml = (html: string, options: RichHtmlOptions = {}): ReactNode =>
  render(html, 'page', options.topHeading ?? 2);

/** A short stored text (a description, a refusal) as React elements of a small allow-list, links only. */
export const renderSafeHtml = (html: string): ReactNode => render(html, 'snippet', 1);

/** Elements that end a line of text: their text must not run into the next block's ("fund.Daniel"). */
const blockElements =
  'address,article,aside,blockquote,br,dd,div,dl,dt,figcaption,figure,footer,h1,h2,h3,h4,h5,h6,header,hr,li,main,nav,ol,p,pre,section,table,td,th,tr,ul';

/** The plain text of stored HTML (for truncated previews). */
export const htmlToText = (html: string) => {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const element of body.querySelectorAll(blockElements)) element.after(' ');
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
};

/** The text of the first heading matching `selector` in stored HTML, if any (used to title a custom page). */
export const firstHeadingText = (html: string, selector = 'h1') => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
};

/** True when the stored HTML has no visible text or image. */
export const isBlankHtml = (html: string) => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').trim() === '' && !doc.body.querySelector('img');
};
