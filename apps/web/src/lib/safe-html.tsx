import { createElement, type ReactNode } from 'react';

// Stored HTML (page texts, the contact block, analyst and company descriptions, refusal texts from the server) is
// sanitised by the server; it is still rebuilt here from an allow-list and never set as HTML, so a script, an
// event handler or a javascript: link in it has no effect. Tags outside the list are dropped but their text is
// kept; script-like tags go entirely. Two allow-lists: `page` for whole stored pages, `snippet` for short texts.
const pageTags = new Set([
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
]);
const snippetTags = new Set([
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
]);
const droppedTags = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
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
]);
const voidTags = new Set(['br', 'hr', 'img']);

/** Ids an author may give an element so that `?pageid=` can scroll to it. */
const safeId = /^[A-Za-z][\w.:-]{0,63}$/;

export const safeHref = (href: string | null) => {
  if (!href) return undefined;
  const value = href.trim();
  return /^(https?:|mailto:|tel:|#|\/(?!\/))/i.test(value) ? value : undefined;
};

// Only same-site images and https ones; no data: or protocol-relative URLs.
const safeSrc = (src: string | null) => {
  if (!src) return undefined;
  const value = src.trim();
  return /^(https:|\/(?!\/))/i.test(value) ? value : undefined;
};

const cellSpan = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 && n <= 50 ? n : undefined;
};

export interface RichHtmlOptions {
  /**
   * The highest heading level the content may use: 2 when the page already has its own h1 (a stored h1 becomes
   * an h2), 1 when the content is the whole page.
   */
  topHeading?: 1 | 2;
}

interface Profile {
  tags: ReadonlySet<string>;
  /** Ids (for ?pageid= scrolling), images and table cell attributes: whole pages only. */
  rich: boolean;
  topHeading: 1 | 2;
}

const headingTag = (tag: string, top: 1 | 2) => `h${Math.max(Number(tag.slice(1)), top)}`;

const convert = (node: Node, key: string, options: Profile): ReactNode => {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (droppedTags.has(tag)) return null;
  const children = voidTags.has(tag)
    ? []
    : Array.from(element.childNodes).map((child, i) => convert(child, `${key}.${i}`, options));
  if (!options.tags.has(tag)) return children;

  const props: Record<string, unknown> = { key };
  const id = element.getAttribute('id');
  if (options.rich && id && safeId.test(id)) props.id = id;

  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    if (!href) return children;
    props.href = href;
    if (/^https?:/i.test(href)) Object.assign(props, { target: '_blank', rel: 'noopener noreferrer' });
    return createElement('a', props, ...children);
  }
  if (tag === 'img') {
    const src = safeSrc(element.getAttribute('src'));
    if (!src) return null;
    // An image without alt text is treated as decorative rather than read out by its file name.
    return createElement('img', { ...props, src, alt: element.getAttribute('alt') ?? '', loading: 'lazy' });
  }
  if (tag === 'td' || tag === 'th') {
    const colSpan = cellSpan(element.getAttribute('colspan'));
    const rowSpan = cellSpan(element.getAttribute('rowspan'));
    if (colSpan) props.colSpan = colSpan;
    if (rowSpan) props.rowSpan = rowSpan;
    const scope = element.getAttribute('scope');
    if (tag === 'th' && (scope === 'col' || scope === 'row')) props.scope = scope;
  }
  const name = /^h[1-6]$/.test(tag) ? headingTag(tag, options.topHeading) : tag;
  if (voidTags.has(tag)) return createElement(name, props);
  return createElement(name, props, ...children);
};

const render = (html: string, profile: Profile): ReactNode => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.body.childNodes).map((child, i) => convert(child, String(i), profile));
};

/** A whole stored page as React elements of the page allow-list of tags and attributes (never raw HTML). */
export const renderRichHtml = (html: string, options: RichHtmlOptions = {}): ReactNode =>
  render(html, { tags: pageTags, rich: true, topHeading: options.topHeading ?? 2 });

/** A short stored text (a description, a refusal) as React elements of a small allow-list, links only. */
export const renderSafeHtml = (html: string): ReactNode =>
  render(html, { tags: snippetTags, rich: false, topHeading: 1 });

/** The plain text of stored HTML (for truncated previews). */
/** Elements that end a line of text: their text must not run into the next block's ("fund.Daniel"). */
const blockElements =
  'address,article,aside,blockquote,br,dd,div,dl,dt,figcaption,figure,footer,h1,h2,h3,h4,h5,h6,header,hr,li,main,nav,ol,p,pre,section,table,td,th,tr,ul';

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
